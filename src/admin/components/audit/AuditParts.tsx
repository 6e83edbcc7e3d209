// What the audit log (/audit) and the History panels show of an entry: when, who, the action, the record
// and the fields it changed (before → after; the arrow points the reading way, so it turns in Arabic).
import { Box, Button, Link as MuiLink, Typography, useTheme } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { permissionLabel } from '@shared/access';
import { useFormatMoment } from '../dates';
import { actionLabelKey, type AuditChange, type AuditEntry, type AuditValue, historyResource, REDACTED } from '@shared/audit';

/** A stored time (ISO 8601), shown as a date and time. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** The flags the trail holds as 0/1, each read as the lists read it: Planned is Yes for is_planeed '0' (DESIGN.md §9). */
const FLAGS: Record<string, (value: AuditValue) => boolean | undefined> = {
  is_public: (value) => (String(value) === '1' ? true : String(value) === '0' ? false : undefined),
  is_planeed: (value) => (String(value) === '0' ? true : String(value) === '1' ? false : undefined),
};

/** An entry's texts in the person's language, each falling back to the raw value the server gave. */
export function useAuditText() {
  const translate = useTranslate();
  const moment = useFormatMoment();
  /** a kind of record: its own name, else its resource's (a plain resource), else as written */
  const kind = (entity: string) => translate(`app.audit.entities.${entity}`, { _: translate(`resources.${entity}.name`, { smart_count: 1, _: entity }) });
  return {
    kind,
    action: (action: string) => translate(actionLabelKey(action), { _: action }),
    /** a field: the log's own label, else the resource's, else its name */
    field: (entity: string, field: string) =>
      translate(`app.audit.fields.${field}`, { _: translate(`resources.${historyResource(entity)}.fields.${field}`, { _: field }) }),
    /** a value as the forms show it: a status in words, a flag as Yes/No, a time in the language's way */
    value: (value: AuditValue, field?: string) => {
      if (value === null) return '—';
      if (value === REDACTED) return translate('app.audit.redacted');
      const yes = field ? FLAGS[field]?.(value) : undefined;
      const flag = typeof value === 'boolean' ? value : yes;
      if (flag !== undefined) return translate(flag ? 'ra.boolean.true' : 'ra.boolean.false');
      if (field === 'status' || field === 'userStatusByAdmin') return translate(`app.status.${String(value)}`, { _: String(value) });
      // a Sub-Admin's permissions, kept as their names joined (modules/audit/changes.ts), by their declared labels
      if (field === 'permissions' && typeof value === 'string') return value.split(', ').filter(Boolean).map((name) => translate(permissionLabel(name), { _: name })).join(', ');
      if (typeof value === 'string' && TIMESTAMP.test(value)) return moment(value);
      return String(value);
    },
    when: moment,
    /** 'Category #12' */
    record: (entry: Pick<AuditEntry, 'entity' | 'entity_id'>) => (entry.entity_id ? translate('app.audit.record', { kind: kind(entry.entity), id: entry.entity_id }) : kind(entry.entity)),
  };
}

/** Actions taken by nobody signed in: their entries name no person. */
const ANONYMOUS_ACTIONS = new Set(['login.failed', 'refused', 'register']);

/**
 * Who acted, as they were then: a link to the person's page (an Admin has none, nor an account since
 * deleted, which says so), "Anonymous" for a sign-in or call by nobody signed in, else "System".
 */
export function AuditActor({ actor, action }: { actor: AuditEntry['actor']; action?: string }) {
  const translate = useTranslate();
  if (!actor) {
    const who = action && ANONYMOUS_ACTIONS.has(action) ? 'app.audit.anonymous' : 'app.audit.system';
    return <Typography component="span" variant="body2" color="text.secondary">{translate(who)}</Typography>;
  }
  if (actor.deleted) {
    return (
      <span title={actor.email}>
        <bdi>{actor.name}</bdi>{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({translate('app.audit.account_deleted')})
        </Typography>
      </span>
    );
  }
  if (!actor.path) return <bdi title={actor.email}>{actor.name}</bdi>;
  return (
    <MuiLink component={Link} to={actor.path} title={actor.email}>
      <bdi>{actor.name}</bdi>
    </MuiLink>
  );
}

/**
 * The record: its name when the server knows it ("Museums"), its kind and id beneath ("Category #33");
 * a link to its page when it has one (a deleted one's page says so).
 */
export function AuditRecord({ entry }: { entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'path' | 'record_name'> }) {
  const text = useAuditText();
  const label = text.record(entry);
  const name = entry.record_name ? <bdi>{entry.record_name}</bdi> : label;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      {entry.path ? (
        <MuiLink component={Link} to={entry.path}>
          {name}
        </MuiLink>
      ) : (
        <span>{name}</span>
      )}
      {entry.record_name && (
        <Typography component="span" variant="caption" color="text.secondary">
          {label}
        </Typography>
      )}
    </Box>
  );
}

/** A change too long to read on one line is shown whole only when the changes are opened. */
const LONG = 60;

/**
 * The changed fields, one per line: 'field: before → after' ('field: after' for a value first set). The
 * first `shown` lines, each clipped to one line; "Show all n changes" opens every line in full.
 */
export function AuditChanges({ entity, changes, shown = 2 }: { entity: string; changes: readonly AuditChange[]; shown?: number }) {
  const text = useAuditText();
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  const [open, setOpen] = useState(false);
  if (!changes.length) return null;
  const long = changes.some((c) => `${c.before ?? ''}${c.after ?? ''}`.length > LONG);
  const folds = changes.length > shown || long;
  const lines = open ? changes : changes.slice(0, shown);
  return (
    <Box>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {lines.map((c) => (
          <Typography
            key={c.field}
            component="li"
            variant="body2"
            sx={open ? { overflowWrap: 'anywhere' } : { maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            <Box component="span" sx={{ fontWeight: 500 }}>
              {text.field(entity, c.field)}
            </Box>
            {': '}
            {c.before !== null && (
              <>
                <bdi>{text.value(c.before, c.field)}</bdi>
                {/* before → after, mirrored right to left */}
                <Box component="span" sx={{ mx: 0.5, color: 'text.secondary' }} data-testid="change-arrow">
                  {rtl ? '←' : '→'}
                </Box>
              </>
            )}
            <bdi>{text.value(c.after, c.field)}</bdi>
          </Typography>
        ))}
      </Box>
      {folds && (
        <Button size="small" onClick={() => setOpen(!open)} sx={{ px: 0, minWidth: 0, textTransform: 'none' }} aria-expanded={open}>
          {open ? translate('app.audit.show_fewer') : translate('app.audit.show_all_changes', { smart_count: changes.length })}
        </Button>
      )}
    </Box>
  );
}
