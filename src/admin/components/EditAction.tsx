import EditIcon from '@mui/icons-material/Edit';
import { type ReactNode, useState } from 'react';
import { Button, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * The Edit button of a detail page (issue 32 m23): to the record's edit page (`to`), or an edit dialog
 * over the page (`dialog`, given the record in context).
 */
export function EditAction({ to, dialog }: { to?: (id: string | number) => string; dialog?: (state: { open: boolean; onClose: () => void }) => ReactNode }) {
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  if (to) {
    return (
      <Button component={Link} to={to(record.id)} label="app.actions.edit">
        <EditIcon />
      </Button>
    );
  }
  return (
    <>
      <Button label="app.actions.edit" onClick={() => setOpen(true)}>
        <EditIcon />
      </Button>
      {dialog?.({ open, onClose: () => setOpen(false) })}
    </>
  );
}
