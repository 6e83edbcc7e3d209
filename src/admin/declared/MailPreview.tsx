// An email template's preview and test mail (issue 32 m27). The server renders the text being edited with
// the renderer of the real mails and sample values for the signed-in person; the preview shows that HTML
// in a sandboxed frame (no script runs in it, no link opens from it), and "Send a test to me" mails it to
// the person's own address.
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import PreviewIcon from '@mui/icons-material/Visibility';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { type RaRecord, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { usePhone } from '../components/usePhone';
import { useServerMessage } from '../components/useServerMessage';
import type { BackOfficeDataProvider, EmailDraft, MailPreview } from '../providers/dataProvider';

/**
 * The mail's HTML as a document of its own: links open nothing (`_blank` needs the popups the sandbox
 * refuses), and the page's colours and direction do not reach it (a mail has its own).
 */
const mailDocument = (html: string) =>
  '<!doctype html><html><head><meta charset="utf-8"><base target="_blank">' +
  '<style>body{margin:16px;font-family:Arial,Helvetica,sans-serif;color:#202124;background:#fff}img{max-width:100%}</style>' +
  `</head><body>${html}</body></html>`;

/**
 * Under the edit form's fields: Preview and "Send a test to me", of the form's current (unsaved) text. A
 * text the form's rules refuse (an empty title) is marked on its field, as a save attempt would, and not sent.
 */
export function FormMailActions({ id }: { id: RaRecord['id'] }) {
  const { getValues, trigger } = useFormContext();
  const draft = async (): Promise<EmailDraft | null> =>
    (await trigger(['title', 'description'], { shouldFocus: true }))
      ? { title: String(getValues('title') ?? ''), description: String(getValues('description') ?? '') }
      : null;
  return <MailActions id={id} draft={draft} />;
}

function MailActions({ id, draft }: { id: RaRecord['id']; draft: () => Promise<EmailDraft | null> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: (text: EmailDraft) => Promise<void>) => {
    const text = await draft();
    if (!text) return;
    setBusy(true);
    try {
      await action(text);
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const showPreview = () => run(async (text) => setPreview(await dataProvider.previewEmailTemplate(id, text)));
  const sendTest = () =>
    run(async (text) => {
      const { to } = await dataProvider.testEmailTemplate(id, text);
      notify(translate('messages.testMailSent', { email: to }), { type: 'success' });
    });
  const sendButton = (
    <Button startIcon={<SendIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />} onClick={sendTest} disabled={busy}>
      {translate('app.email_template.send_test')}
    </Button>
  );
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
      <Button startIcon={<PreviewIcon />} onClick={showPreview} disabled={busy}>
        {translate('app.email_template.preview')}
      </Button>
      {sendButton}
      {preview && <MailPreviewDialog preview={preview} onClose={() => setPreview(null)} actions={sendButton} />}
    </Stack>
  );
}

/** The mail as its recipient reads it: to, subject and body; on a phone full screen, with a close button in its header. */
function MailPreviewDialog({ preview, onClose, actions }: { preview: MailPreview; onClose: () => void; actions: ReactNode }) {
  const translate = useTranslate();
  const phone = usePhone();
  const titleId = 'mail-preview-title';
  const header = (label: string, value: string) => (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ fontWeight: 500 }}>
        {translate(label)}:
      </Box>{' '}
      {/* user text in its own direction (a Latin subject in an Arabic page) */}
      <bdi dir="auto">{value}</bdi>
    </Typography>
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" id={titleId} sx={{ flex: 1 }}>
          {translate('app.email_template.preview_title')}
        </Box>
        {phone && (
          <IconButton aria-label={translate('ra.action.close')} onClick={onClose} edge="end" sx={{ minHeight: 44, minWidth: 44 }}>
            <CloseIcon />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {header('app.email_template.to', preview.to)}
        {header('app.email_template.subject', preview.subject)}
        <Typography variant="caption" color="text.secondary">
          {translate('app.email_template.samples')}
        </Typography>
        {/* sandbox="": no script, no form, no popup, no navigation of this page */}
        <Box
          component="iframe"
          sandbox=""
          srcDoc={mailDocument(preview.html)}
          title={translate('app.email_template.body')}
          sx={{ flex: 1, width: '100%', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
        />
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
