// The Import button of a list's toolbar, beside Export (issue 35): shown on the lists whose declaration has
// `import` (whoever opens such a list may create its records, so may import them); the dialog is loaded
// when first opened.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { lazy, Suspense, useState } from 'react';
import { Button, useResourceContext } from 'react-admin';
import { resourceNamed } from '@shared/resources/index';

const ImportCsvDialog = lazy(() => import('./ImportCsvDialog'));

export function ImportCsvButton() {
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const declaration = resource ? resourceNamed(resource) : undefined;
  if (!declaration?.import) return null;
  return (
    <>
      <Button label="app.import.button" onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportCsvDialog resource={declaration} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
