// The input of a declared `image` field: react-admin's ImageInput whose chosen picture is uploaded at once
// (POST <list>/image, the server's one image pipeline) and kept in the form as the path the server answered,
// which the record's JSON save then names. Until the upload is done the form holds the file (the schema
// refuses to save it); an upload the server refuses says why under the field and leaves it empty.
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ImageField, ImageInput, useDataProvider, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useServerMessage } from '../components/useServerMessage';

/** What the preview shows: a stored path as react-admin's file object; a file just chosen as it is. */
const asPreview = (value: unknown) => (typeof value === 'string' && value ? { src: value, title: '' } : value);

export function DeclaredImageInput({ resource, source, label }: { resource: string; source: string; label: string }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { setValue, setError } = useFormContext();
  const serverMessage = useServerMessage();
  const translate = useTranslate();
  const [uploading, setUploading] = useState(false);
  const upload = async ([file]: File[]) => {
    if (!file) return;
    setUploading(true);
    try {
      const { url } = await dataProvider.uploadImage(resource, file);
      setValue(source, url, { shouldDirty: true, shouldValidate: true });
    } catch (error) {
      setValue(source, null, { shouldDirty: true });
      setError(source, { type: 'server', message: serverMessage(error) });
    } finally {
      setUploading(false);
    }
  };
  return (
    <ImageInput
      source={source}
      label={label}
      accept={{ 'image/*': [] }}
      format={asPreview}
      options={{ onDrop: (files: File[]) => void upload(files) }}
      helperText={uploading ? translate('app.declared.image_uploading') : undefined}
    >
      <ImageField source="src" title="title" sx={{ '& img': { maxHeight: 160 } }} />
    </ImageInput>
  );
}
