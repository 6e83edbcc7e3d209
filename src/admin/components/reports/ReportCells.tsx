import { Button, Chip, Link, Stack, Tooltip } from '@mui/material';
import { type MouseEvent, useState } from 'react';
import { Confirm, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider, ReportTarget } from '../../providers/dataProvider';
import { InactiveAwareLink } from '../InactiveAwareLink';
import { HiddenPostView } from './HiddenPostView';
import { useServerMessage } from '../useServerMessage';
import { serverUndoToast } from '../undo/ServerUndo';

/** '----' for a value the report does not have (spec §2). */
export const MISSING = '----';

interface ReportRecord extends ReportTarget {
  userStatusByAdmin: string | null;
  /** the report's own state: Pending, or Resolved once its target was moderated */
  status: string;
  created_at: string;
  reason: string | null;
  user: { id: number; name: string };
  post: { id: number; title: string; description?: string | null; type: string; deleted_at: string | null; user: { id: number; name: string | null } } | null;
  comment: { comment: string } | null;
  reportedUserInfo: { id: number; name: string | null; status?: string | null } | null;
}
export const useReport = () => useRecordContext<ReportRecord & { id: number }>();

/** What a click on a report's status button does to its target. */
type Effect = 'hide_post' | 'show_post' | 'hide_comment' | 'show_comment' | 'deactivate_user' | 'activate_user';

// The keys written out, so the catalogue check sees each of them: the button's verb, the tooltip's
// effect, the confirmation's question and text.
const EFFECTS: Record<Effect, { verb: string; label: string; question: string; detail: string }> = {
  hide_post: { verb: 'app.report.verb.hide', label: 'app.report.effect.hide_post', question: 'app.report.confirm.hide_post', detail: 'app.report.confirm_text.hide_post' },
  show_post: { verb: 'app.report.verb.show', label: 'app.report.effect.show_post', question: 'app.report.confirm.show_post', detail: 'app.report.confirm_text.show_post' },
  hide_comment: { verb: 'app.report.verb.hide', label: 'app.report.effect.hide_comment', question: 'app.report.confirm.hide_comment', detail: 'app.report.confirm_text.hide_comment' },
  show_comment: { verb: 'app.report.verb.show', label: 'app.report.effect.show_comment', question: 'app.report.confirm.show_comment', detail: 'app.report.confirm_text.show_comment' },
  deactivate_user: { verb: 'app.report.verb.deactivate', label: 'app.report.effect.deactivate_user', question: 'app.report.confirm.deactivate_user', detail: 'app.report.confirm_text.deactivate_user' },
  activate_user: { verb: 'app.report.verb.reactivate', label: 'app.report.effect.activate_user', question: 'app.report.confirm.activate_user', detail: 'app.report.confirm_text.activate_user' },
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
 * The Status column (spec §4): the target's status now, shown the same way on the three lists (a chip:
 * the reported post's, comment's or user's own status), and the action beside it, a verb-labelled button
 * ("Hide", "Show", "Deactivate", "Reactivate"). Both sit on one line in every language.
 */
export function ReportStatusCell() {
  const report = useReport();
  if (!report?.userStatusByAdmin) return <span>{MISSING}</span>;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <TargetStatusChip status={report.userStatusByAdmin} />
      <ReportActionButton report={report} />
    </Stack>
  );
}

/** The target's status: Inactive stands out (a moderator scans for what is blocked or hidden). */
export function TargetStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={status === 'Active' ? 'success' : 'error'} label={translate(`app.status.${status}`)} />;
}

/** The report's own state: Pending (still to handle) or Resolved. */
export function ReportStateChip() {
  const report = useReport();
  const translate = useTranslate();
  if (!report?.status) return <span>{MISSING}</span>;
  const pending = report.status === 'Pending';
  // Pending stands out: black on the light warning colour reads in light and dark mode (WCAG AA)
  const colours = pending ? { bgcolor: 'warning.light', color: 'common.black' } : {};
  return <Chip size="small" variant={pending ? 'filled' : 'outlined'} label={translate(`app.report.states.${report.status}`)} sx={{ whiteSpace: 'nowrap', ...colours }} />;
}

/**
 * The moderation action: its verb says what a click does, a tooltip says it in full, and the click only
 * asks: the call is sent once the dialog is confirmed. The call names the target's current status and the
 * server sets the other one (spec §4, DESIGN.md §9); then the record reloads with the spec's toast.
 */
function ReportActionButton({ report }: { report: ReportRecord & { id: number } }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const effect = EFFECTS[effectOf(report)];
  const takesDown = report.userStatusByAdmin === 'Active';
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
      const { status } = await dataProvider.moderateReport(report);
      // Undo: the spec's call again with the status it set, which sets the other one back (recorded too)
      const undo = () => dataProvider.moderateReport({ ...report, userStatusByAdmin: status });
      notify(translate(report.type === 'user' ? 'messages.userStatusUpdated' : 'messages.postStatusUpdated'), serverUndoToast('success', undo));
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
        <Button size="small" variant="outlined" color={takesDown ? 'error' : 'success'} onClick={ask} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {translate(effect.verb)}
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

/**
 * The reported post's title: a link in a new tab, or for a hidden post the popover of spec §2 and, beside
 * it, a read-only view of the hidden post (the moderator reads it again before restoring it).
 */
export function ReportPostTitle() {
  const report = useReport();
  if (!report?.post) return <span>{MISSING}</span>;
  const { post } = report;
  const link = (
    <InactiveAwareLink
      href={`/${post.type === 'itinerary' ? 'itinerary' : 'post'}/${post.id}`}
      active={!post.deleted_at}
      label={post.title}
      inactiveKey="messages.postInactive"
    />
  );
  if (!post.deleted_at) return link;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      {link}
      <HiddenPostView post={post} />
    </Stack>
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

/** What was reported: a post, an itinerary (a post report on an itinerary), a comment or a user. */
export function ReportTypeCell() {
  const report = useReport();
  const translate = useTranslate();
  if (!report) return <span>{MISSING}</span>;
  const type = report.type === 'post' && report.post?.type === 'itinerary' ? 'itinerary' : report.type;
  return <span>{translate(`app.report.types.${type}`)}</span>;
}

export function TextOrMissing({ value }: { value: (report: ReportRecord) => string | null | undefined }) {
  const report = useReport();
  return <span>{(report && value(report)) || MISSING}</span>;
}
