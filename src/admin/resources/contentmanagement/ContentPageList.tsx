import { type RichPageConfig, RichPageList } from '../../components/simpleLists/RichPageList';
import { RichPageFields } from '../../components/simpleLists/RichPageFields';
import { AddButtonWithDialog } from '../../components/FormDialog';
import { contentPageSchema } from '@shared/validation/simpleLists';

/** /contentmanagement (spec §2): the product's pages (terms, privacy…); Admins only. */
export const CONTENT_PAGE: RichPageConfig = {
  resource: 'contentmanagement',
  schema: contentPageSchema,
  slugEditable: true,
  statusColumn: true,
  keys: {
    search: 'resources.contentmanagement.search',
    edit: 'app.content.edit',
    updated: 'messages.pageUpdated',
    deleted: 'messages.pageDeleted',
    deleteConfirm: 'app.confirm.delete_content',
  },
};

export function ContentPageList() {
  return (
    <RichPageList
      config={CONTENT_PAGE}
      add={
        <AddButtonWithDialog
          resource="contentmanagement"
          titleKey="app.content.add"
          successKey="messages.pageAdded"
          schema={contentPageSchema}
          defaultValues={{ title: '', slug: '', status: 'Active', description: '' }}
          maxWidth="md"
        >
          <RichPageFields resource="contentmanagement" withSlug />
        </AddButtonWithDialog>
      }
    />
  );
}
