// The Import button of a list's toolbar, beside Export (issue 35): shown on the lists whose declaration has
// `import` (whoever opens such a list may create its records, so may import them); the dialog is loaded
// when first opened. Where the list has no room for its sidebar, an icon (a Turkish label widened the users
// list past 1280 px), as the saved views' button; on a phone react-admin's button is an icon already.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Button, useResourceContext, useTranslate } from 'react-admin';
import { resourceNamed } from '@shared/resources/index';
import { useSidebarRoom } from '../lists/sidebarRoom';
import { usePhone } from '../usePhone';

const ImportCsvDialog = lazy(() => import('./ImportCsvDialog'));

export function ImportCsvButton() {
  const resource = useResourceContext();
  const translate = useTranslate();
  const roomy = useSidebarRoom();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const declaration = resource ? resourceNamed(resource) : undefined;
  if (!declaration?.import) return null;
  const label = translate('app.import.button');
  return (
    <>
      {roomy || phone ? (
        <Button label={label} onClick={() => setOpen(true)}>
          <UploadFileIcon />
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton color="primary" aria-label={label} onClick={() => setOpen(true)}>
            <UploadFileIcon />
          </IconButton>
        </Tooltip>
      )}
      {open && (
        <Suspense fallback={null}>
          <ImportCsvDialog resource={declaration} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
