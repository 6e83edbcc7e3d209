import type { ReactElement } from 'react';
import { DataTable } from 'react-admin';
import type { ZodType } from 'zod';
import { EditDialog } from '../FormDialog';
import { CreatedAndStatusColumns, DecodedText, ResourceTable, ResourceList } from '../lists';
import { RowActions } from '../RowActions';
import { RichPageFields } from './RichPageFields';

/** What an email-template-like list declares (spec §2 "/emailtemplate", "/contentmanagement"). */
export interface RichPageConfig {
  resource: 'emailtemplate' | 'contentmanagement';
  schema: ZodType;
  /** the slug is shown in the form and may be changed */
  slugEditable: boolean;
  /** a Status column in the list */
  statusColumn: boolean;
  keys: { search: string; edit: string; updated: string; deleted?: string; deleteConfirm?: string; hint?: string };
}

/** The list of rich-text pages: Title, Slug, Created Date, (Status), and Edit / (Delete) per row. */
export function RichPageList({ config, add }: { config: RichPageConfig; add?: ReactElement }) {
  const fields = `resources.${config.resource}.fields`;
  return (
    <ResourceList searchKey={config.keys.search} actions={add}>
      <ResourceTable>
        <DataTable.Col source="title" label={`${fields}.title`}>
          <DecodedText source="title" />
        </DataTable.Col>
        <DataTable.Col source="slug" label={`${fields}.slug`} />
        <CreatedAndStatusColumns fields={fields} status={config.statusColumn} />
        <DataTable.Col label="app.actions.action" disableSort>
          <RowActions
            editDialog={(state) => <RichPageEdit config={config} {...state} />}
            deleteConfirmKey={config.keys.deleteConfirm}
            deletedKey={config.keys.deleted}
          />
        </DataTable.Col>
      </ResourceTable>
    </ResourceList>
  );
}

function RichPageEdit({ config, ...state }: { config: RichPageConfig; open: boolean; onClose: () => void }) {
  return (
    <EditDialog
      {...state}
      titleKey={config.keys.edit}
      successKey={config.keys.updated}
      schema={config.schema}
      maxWidth="md"
      initialValues={(r) => ({ title: r.title, slug: r.slug, status: r.status, description: r.description })}
    >
      <RichPageFields resource={config.resource} withSlug={config.slugEditable} hintKey={config.keys.hint} />
    </EditDialog>
  );
}
