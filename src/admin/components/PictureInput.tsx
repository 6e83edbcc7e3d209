import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternate';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { z } from 'zod';
import { v } from '@shared/validation/messages';
import { isAcceptedPictureName } from '@shared/validation/user';
import { IMAGE_HEAD_BYTES, looksLikeImage } from '@shared/imageBytes';

/** A chosen file as the form holds it: `notAnImage` when its bytes are no image, whatever its name. */
export interface ChosenFile {
  rawFile?: File;
  title?: string;
  notAnImage?: boolean;
}

/** Form value of a picture input: the chosen file, or nothing (keep the current picture). */
export const pictureField = z
  .any()
  .optional()
  .refine((value) => {
    const chosen = value as ChosenFile | undefined;
    return !chosen?.rawFile || (isAcceptedPictureName(chosen.rawFile.name) && !chosen.notAnImage);
  }, v('fileTypeNotSupported'));

/** The form value for a chosen file, its first bytes read to tell whether it is an image at all. */
async function chosenFile(file: File): Promise<ChosenFile> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  return { rawFile: file, title: file.name, notAnImage: !looksLikeImage(head) };
}

/**
 * An image chooser with a preview: the chosen file ({ rawFile }) or the current picture. Names of other
 * types get no preview and the form's rule blocks the save; the server checks the content too.
 */
export function ImageFileInput({
  source,
  label,
  changeLabel = label,
  currentUrl,
  extensions,
  isAccepted,
  shape = 'circular',
}: {
  source: string;
  label: string;
  /** the button's label once there is a picture */
  changeLabel?: string;
  currentUrl?: string | null;
  extensions: readonly string[];
  isAccepted: (fileName: string) => boolean;
  shape?: 'circular' | 'rounded';
}) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const chosen = field.value as ChosenFile | null | undefined;
  const file = chosen?.rawFile;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isAccepted(file.name) || chosen?.notAnImage) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, isAccepted, chosen?.notAnImage]);
  const size = shape === 'circular' ? 64 : 56;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar variant={shape} src={preview ?? currentUrl ?? undefined} alt="" sx={{ width: size, height: size }}>
        {shape === 'rounded' ? <AddPhotoIcon /> : undefined}
      </Avatar>
      <Box>
        <Button component="label" variant="outlined" size="small">
          {translate(currentUrl || file ? changeLabel : label)}
          <input
            hidden
            type="file"
            name={source}
            accept={extensions.map((e) => `.${e}`).join(',')}
            aria-label={translate(label)}
            onChange={async (e) => {
              const picked = e.target.files?.[0];
              field.onChange(picked ? await chosenFile(picked) : null);
              // a chosen file is a field left: its message (type not supported) shows now
              field.onBlur();
            }}
          />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {file.name}
          </Typography>
        )}
        {fieldState.error?.message && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {translate(fieldState.error.message)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Profile picture chooser: only jpg, jpeg, png and gif (spec §5). */
export const PictureInput = ({ source, label, currentUrl }: { source: string; label: string; currentUrl?: string | null }) => (
  <ImageFileInput
    source={source}
    label={label}
    currentUrl={currentUrl}
    extensions={['jpg', 'jpeg', 'png', 'gif']}
    isAccepted={isAcceptedPictureName}
  />
);
