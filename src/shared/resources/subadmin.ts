// Sub-Admins (spec §2 "/subadmin"): staff accounts an Admin grants permissions to; the user calls with
// user_type Sub-Admin, pages from 0.
import { USER_STATUSES } from '../roles';
import { CREATED_FILTER, statusFilter } from './filters';
import { declareResource } from './types';
import { accountCalls, user } from './user';

export const subadmin = declareResource({
  name: 'subadmin',
  label: 'resources.subadmin.name',
  rule: 'SubAdmin-list',
  permission: { label: 'app.permissions.SubAdmin-list', order: 20 },
  menu: { id: 'subadmin', path: '/subadmin', icon: 'admin', order: 30 },
  search: { table: 'users' },
  api: accountCalls('Sub-Admin', 0),
  // one list call serves both: the same columns sort and search
  fields: user.fields,
  filters: [statusFilter(USER_STATUSES), CREATED_FILTER],
});
