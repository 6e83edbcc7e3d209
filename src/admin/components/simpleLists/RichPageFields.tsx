import { RichTextInput } from 'ra-input-rich-text';
import { TextInput, useTranslate } from 'react-admin';
import { StatusInput } from './StatusInput';

/**
 * The fields of the email template and content page dialogs: title, (slug), status and the rich-text
 * description, 256 px high (spec §2). The server sanitises what the editor sends.
 */
export function RichPageFields({ resource, withSlug, hintKey }: { resource: string; withSlug: boolean; hintKey?: string }) {
  const translate = useTranslate();
  const field = (name: string) => `resources.${resource}.fields.${name}`;
  return (
    <>
      <TextInput source="title" label={field('title')} fullWidth autoFocus />
      {withSlug && <TextInput source="slug" label={field('slug')} helperText="app.content.slug_help" fullWidth />}
      <StatusInput source="status" label={field('status')} />
      <RichTextInput
        source="description"
        label={field('description')}
        helperText={hintKey ? translate(hintKey) : undefined}
        fullWidth
        sx={{ '& .ProseMirror': { height: 256, overflowY: 'auto' } }}
      />
    </>
  );
}
