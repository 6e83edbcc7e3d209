import { Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { moderation } from '../../providers/dataProvider';
import type { ModerationCase } from '../../providers/moderation';
import { usePrincipal, useStaffIdentity } from '../../providers/useStaff';
import { useCaseAction } from './useCaseActions';

/**
 * An Admin gives the case to a staff member: themself or an active Sub-Admin (the server refuses one
 * without Report-list, and says so).
 */
export function AssignControl({ record }: { record: ModerationCase }) {
  const translate = useTranslate();
  const admin = usePrincipal().role === 'Admin';
  const me = useStaffIdentity();
  const { run, busy } = useCaseAction();
  const [chosen, setChosen] = useState('');
  const { data: subAdmins = [] } = useGetList('subadmin', { pagination: { page: 1, perPage: 100 }, filter: { status: 'Active' } }, { enabled: admin });
  if (!admin || !me) return null;
  const staff = [{ id: me.id, name: me.name }, ...subAdmins.map((s) => ({ id: Number(s.id), name: String(s.name) }))];
  return (
    <>
      <TextField
        select
        size="small"
        label={translate('app.moderation.assign_to')}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {staff.map((person) => (
          <MenuItem key={person.id} value={String(person.id)} dir="auto">
            {person.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        size="small"
        variant="outlined"
        disabled={busy || !chosen}
        onClick={() => run(() => moderation.assign(record.id, Number(chosen)), 'app.moderation.assigned').then(() => setChosen(''))}
      >
        {translate('app.moderation.assign')}
      </Button>
    </>
  );
}
