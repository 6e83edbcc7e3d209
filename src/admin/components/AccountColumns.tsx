import { useRecordContext } from 'react-admin';
import { phoneWithCode } from '@shared/validation/phone';
import { Col } from './phoneCards';
import { AvatarCell } from './lists';
import { RowActions } from './RowActions';

/** The picture column of the account lists (users, sub-admins). */
export function AvatarColumn() {
  return (
    <Col source="thumbnail" label="resources.user.fields.profile_pic" disableSort>
      <AvatarCell source="thumbnail" />
    </Col>
  );
}

function PhoneCell() {
  const record = useRecordContext();
  // a phone number reads left to right in Arabic too
  return record?.phone ? <span dir="ltr">{phoneWithCode(record.phone, record.country_code)}</span> : null;
}

/** The phone column of the account lists, the number with its calling code (finding m14). */
export function PhoneColumn() {
  return (
    <Col source="phone" label="resources.user.fields.phone">
      <PhoneCell />
    </Col>
  );
}

/**
 * The row menu of an account list (spec §2): View at /<resource>/{id}, Edit at /edit<resource>/{id}, and a
 * confirmed Delete.
 */
export function AccountActionsColumn({ resource }: { resource: 'user' | 'subadmin' }) {
  return (
    <Col label="app.actions.action" disableSort>
      <RowActions
        viewPath={(id) => `/${resource}/${id}`}
        editPath={(id) => `/edit${resource}/${id}`}
        deleteConfirmKey="app.confirm.delete_user"
        deletedKey="messages.userDeleted"
        // an account's delete ends its sessions at once: no Undo (components/undo/undoable.ts)
        undo="none"
      />
    </Col>
  );
}
