import { namedResource } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /category (spec §2): several categories at once; names are stored capitalised by the server. */
export const CATEGORY = namedResource('category', { sort: { field: 'name', order: 'ASC' }, multiple: true });

export const CategoryList = () => <NamedStatusList config={CATEGORY} />;
