import { Avatar, Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { z } from 'zod';
import { v } from '../../shared/validation/messages';
import { isAcceptedPictureName } from '../../shared/validation/user';

/** Form value of a picture input: the chosen file, or nothing (keep the current picture). */
export const pictureField = z
  .any()
  .optional()
  .refine((value) => !(value as { rawFile?: File } | undefined)?.rawFile || isAcceptedPictureName((value as { rawFile: File }).rawFile.name), v('fileTypeNotSupported'));

/**
 * Profile picture chooser with a preview. Only jpg, jpeg, png and gif names are accepted here ('File
 * type is not supported' blocks the save); the server checks the content too.
 */
export function PictureInput({ source, label, currentUrl }: { source: string; label: string; currentUrl?: string | null }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const file = (field.value as { rawFile?: File } | undefined)?.rawFile;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isAcceptedPictureName(file.name)) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <Avatar src={preview ?? currentUrl ?? undefined} sx={{ width: 64, height: 64 }} />
      <Box>
        <Button component="label" variant="outlined" size="small">
          {translate(label)}
          <input
            hidden
            type="file"
            name={source}
            accept=".jpg,.jpeg,.png,.gif"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              field.onChange(chosen ? { rawFile: chosen, title: chosen.name } : undefined);
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
