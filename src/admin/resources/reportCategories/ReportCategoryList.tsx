import { namedResource } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /reportCategories (spec §2): the reasons users pick when they report; one added at a time. */
export const REPORT_CATEGORY = namedResource('reportCategories', { sort: { field: 'id', order: 'DESC' }, multiple: false });

export const ReportCategoryList = () => <NamedStatusList config={REPORT_CATEGORY} />;
