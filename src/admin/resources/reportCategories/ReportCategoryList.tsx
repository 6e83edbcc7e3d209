import type { NamedResourceConfig } from '../../components/simpleLists/namedResource';
import { NamedStatusList } from '../../components/simpleLists/NamedStatusList';

/** /reportCategories (spec §2): the reasons users pick when they report; one added at a time. */
export const REPORT_CATEGORY: NamedResourceConfig = {
  resource: 'reportCategories',
  kind: 'reportCategory',
  sort: { field: 'id', order: 'DESC' },
  multiple: false,
  typedName: (typed) => typed,
  keys: {
    search: 'resources.reportCategories.search',
    nameField: 'resources.reportCategories.fields.name',
    add: 'app.report_category.add',
    edit: 'app.report_category.edit',
    added: 'messages.reportCategoryAdded',
    updated: 'messages.reportCategoryUpdated',
    deleted: 'messages.reportCategoryDeleted',
    duplicates: 'messages.reportCategoryDuplicates',
    deleteConfirm: 'app.confirm.delete_report_category',
  },
};

export const ReportCategoryList = () => <NamedStatusList config={REPORT_CATEGORY} />;
