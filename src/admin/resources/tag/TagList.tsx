import { namedResource } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /tag (spec §2): several tags at once, lower-cased as they are typed; new rows start Active. */
export const TAG = namedResource('tag', { sort: { field: 'name', order: 'ASC' }, multiple: true, typedName: (typed) => typed.toLocaleLowerCase('en') });

export const TagList = () => <NamedStatusList config={TAG} />;
