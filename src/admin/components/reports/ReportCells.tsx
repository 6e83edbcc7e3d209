import { Button, Link, Tooltip } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
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

/** What a click on a report's status button does to its target. */
type Effect = 'hide_post' | 'show_post' | 'hide_comment' | 'show_comment' | 'deactivate_user' | 'activate_user';

// The keys written out, so the catalogue check sees each of them.
const EFFECTS: Record<Effect, { label: string; question: string; detail: string }> = {
  hide_post: { label: 'app.report.effect.hide_post', question: 'app.report.confirm.hide_post', detail: 'app.report.confirm_text.hide_post' },
  show_post: { label: 'app.report.effect.show_post', question: 'app.report.confirm.show_post', detail: 'app.report.confirm_text.show_post' },
  hide_comment: { label: 'app.report.effect.hide_comment', question: 'app.report.confirm.hide_comment', detail: 'app.report.confirm_text.hide_comment' },
  show_comment: { label: 'app.report.effect.show_comment', question: 'app.report.confirm.show_comment', detail: 'app.report.confirm_text.show_comment' },
  deactivate_user: { label: 'app.report.effect.deactivate_user', question: 'app.report.confirm.deactivate_user', detail: 'app.report.confirm_text.deactivate_user' },
  activate_user: { label: 'app.report.effect.activate_user', question: 'app.report.confirm.activate_user', detail: 'app.report.confirm_text.activate_user' },
};

function effectOf(report: ReportRecord): Effect {
  const takesDown = report.userStatusByAdmin === 'Active';
  if (report.type === 'user') return takesDown ? 'deactivate_user' : 'activate_user';
  if (report.type === 'comment') return takesDown ? 'hide_comment' : 'show_comment';
  return takesDown ? 'hide_post' : 'show_post';
}

/** The target as the confirmation names it: the post's title, the comment (clipped) or the user's name. */
function targetName(report: ReportRecord): string {
  const name =
    report.type === 'user' ? report.reportedUserInfo?.name : report.type === 'comment' ? report.comment?.comment : report.post?.title;
  if (!name) return MISSING;
  return name.length > 80 ? `${name.slice(0, 79)}…` : name;
}

/**
 * The status action (spec §4). Its text is the spec's: a reported post or comment shows its status
 * (userStatusByAdmin), a reported user the status the click sets. A tooltip says what the click does,
 * and the click only asks: the call is sent once the dialog is confirmed. The call names the target's
 * current status and the server sets the other one; then the list reloads with the spec's toast.
 */
export function ReportStatusButton() {
  const report = useReport();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!report?.userStatusByAdmin) return <span>{MISSING}</span>;
  const current = report.userStatusByAdmin;
  const next = current === 'Active' ? 'Inactive' : 'Active';
  const shown = report.type === 'user' ? next : current;
  const effect = EFFECTS[effectOf(report)];
  const takesDown = next === 'Inactive';
  const ask = (e: MouseEvent) => {
    e.stopPropagation();
    setAsking(true);
  };
  const close = (e?: MouseEvent) => {
    e?.stopPropagation();
    if (!busy) setAsking(false);
  };
  const confirm = async (e: MouseEvent) => {
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
      setAsking(false);
    }
  };
  return (
    <>
      <Tooltip title={translate(effect.label)} describeChild>
        <Button size="small" variant="outlined" color={takesDown ? 'error' : 'success'} onClick={ask}>
          {translate(`app.status.${shown}`)}
        </Button>
      </Tooltip>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={effect.question}
        content={effect.detail}
        contentTranslateOptions={{ name: targetName(report) }}
        confirm={effect.label}
        confirmColor={takesDown ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={close}
      />
    </>
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
