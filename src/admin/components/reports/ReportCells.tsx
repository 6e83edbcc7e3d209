import { Button, Link } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider, ReportTarget } from '../../providers/dataProvider';
import { InactiveAwareLink } from '../InactiveAwareLink';
import { useServerMessage } from '../useServerMessage';

/** '----' for a value the report does not have (spec §2). */
export const MISSING = '----';

interface ReportRecord extends ReportTarget {
  userStatusByAdmin: string | null;
  reason: string | null;
  user: { id: number; name: string };
  post: { id: number; title: string; type: string; deleted_at: string | null; user: { id: number; name: string | null } } | null;
  comment: { comment: string } | null;
  reportedUserInfo: { id: number; name: string | null; status?: string | null } | null;
}
export const useReport = () => useRecordContext<ReportRecord & { id: number }>();

/**
 * The status action: it shows the status a click sets (spec §4); the call names the current status and
 * the server sets the other one; then the list reloads with the spec's toast.
 */
export function ReportStatusButton() {
  const report = useReport();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [busy, setBusy] = useState(false);
  if (!report?.userStatusByAdmin) return <span>{MISSING}</span>;
  const next = report.userStatusByAdmin === 'Active' ? 'Inactive' : 'Active';
  const click = async (e: MouseEvent) => {
    e.stopPropagation();
    setBusy(true);
    try {
      await dataProvider.moderateReport(report);
      notify(translate(report.type === 'user' ? 'messages.userStatusUpdated' : 'messages.postStatusUpdated'), { type: 'success' });
      refresh();
    } catch (err) {
      notify(serverMessage(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      color={next === 'Inactive' ? 'error' : 'success'}
      disabled={busy}
      onClick={click}
      aria-label={translate('app.report.set_status', { status: translate(`app.status.${next}`) })}
    >
      {translate(`app.status.${next}`)}
    </Button>
  );
}

/** The reported post's title: a link in a new tab, or for a hidden post the popover of spec §2. */
export function ReportPostTitle() {
  const report = useReport();
  if (!report?.post) return <span>{MISSING}</span>;
  const { post } = report;
  return (
    <InactiveAwareLink
      href={`/${post.type === 'itinerary' ? 'itinerary' : 'post'}/${post.id}`}
      active={!post.deleted_at}
      label={post.title}
      inactiveKey="messages.postInactive"
    />
  );
}

/** A person of the report, linking to their user page in a new tab. */
export function PersonCell({ who }: { who: 'reporter' | 'reported' }) {
  const report = useReport();
  const person = who === 'reporter' ? report?.user : report?.reportedUserInfo;
  if (!person?.id || !person.name) return <span>{MISSING}</span>;
  return (
    <Link href={`/user/${person.id}`} target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()}>
      {person.name}
    </Link>
  );
}

export function ReportTypeCell() {
  const report = useReport();
  const translate = useTranslate();
  return <span>{report ? translate(`app.report.types.${report.type}`) : MISSING}</span>;
}

export function TextOrMissing({ value }: { value: (report: ReportRecord) => string | null | undefined }) {
  const report = useReport();
  return <span>{(report && value(report)) || MISSING}</span>;
}
