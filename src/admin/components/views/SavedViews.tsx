// Saved views of a list (issue 35), react-admin's SavedQueriesList kept on the server so they follow the
// person: "My views" and "Shared" (an Admin shares), a click applies one (filters, sort, page size and the
// hidden columns, through useListContext), the current one is marked, "Save current view" names the
// list's state. A view also opens from a link: `?view=<id>` on the list's URL. On a phone the views are
// behind a button, in a panel from the bottom.
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import { Alert, Box, Button, Drawer, IconButton, List, ListSubheader, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useAddUndoableMutation, useNotify, useTranslate } from 'react-admin';
import type { SavedView } from '@shared/savedViews';
import { savedViewCalls } from '../../providers/savedViews';
import { usePrincipal } from '../../providers/useStaff';
import { useSidebarRoom } from '../lists/sidebarRoom';
import { usePhone } from '../usePhone';
import { useServerMessage } from '../useServerMessage';
import { SaveViewDialog, type ViewNaming } from './SaveViewDialog';
import { useSavedViews } from './useSavedViews';
import { useViewLink, viewLink } from './useViewLink';
import { type ViewAction, ViewItem } from './ViewItem';
import { sameState, useListState } from './viewState';

type Naming = { kind: 'save' } | { kind: 'rename'; view: SavedView };

export function SavedViews() {
  const translate = useTranslate();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  // beside the list where there is room (lists/ListSidebar.tsx), else a button opening them from the bottom
  const roomy = useSidebarRoom();
  const phone = usePhone();
  const mayShare = usePrincipal().role === 'Admin';
  const { state, apply, resource } = useListState();
  const { views, failed, reload, hide } = useSavedViews(resource);
  const linkProblem = useViewLink(resource, apply);
  const addUndoable = useAddUndoableMutation();
  const [naming, setNaming] = useState<Naming | null>(null);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);

  /** Runs a change of a view: its message as a toast, the views read again either way. */
  const change = async (run: () => Promise<unknown>, doneKey: string, name: string) => {
    try {
      await run();
      notify(doneKey, { type: 'success', messageArgs: { name } });
    } catch (error) {
      notify(serverMessage(error), { type: 'error' });
    } finally {
      void reload();
    }
  };
  const saveNaming = async ({ name, shared }: ViewNaming) => {
    if (naming?.kind === 'rename') await savedViewCalls.update(naming.view.id, { name });
    else await savedViewCalls.create({ resource, name, state, shared });
    notify(naming?.kind === 'rename' ? 'app.views.renamed' : 'app.views.saved', { type: 'success', messageArgs: { name } });
    setNaming(null);
    void reload();
  };
  const act = (view: SavedView, action: ViewAction) => {
    if (action === 'copyLink') {
      const link = viewLink(view.id);
      void navigator.clipboard?.writeText(link).then(
        () => notify('app.views.linkCopied', { type: 'info' }),
        () => notify(link, { type: 'info' }),
      );
    } else if (action === 'rename') setNaming({ kind: 'rename', view });
    else if (action === 'overwrite') void change(() => savedViewCalls.update(view.id, { state }), 'app.views.overwritten', view.name);
    else if (action === 'share' || action === 'unshare') void change(() => savedViewCalls.update(view.id, { shared: action === 'share' }), action === 'share' ? 'app.views.shareDone' : 'app.views.unshared', view.name);
    else setDeleting(view);
  };
  /** The delete waits for its toast to go: Undo brings the view back and nothing was deleted. */
  const remove = (view: SavedView) => {
    setDeleting(null);
    hide(view.id, true);
    addUndoable(({ isUndo }) => {
      if (isUndo) return void hide(view.id, false, view);
      savedViewCalls.remove(view.id).catch((error: unknown) => notify(serverMessage(error), { type: 'error' })).finally(() => void reload());
    });
    notify('app.views.deleted', { type: 'info', undoable: true, messageArgs: { name: view.name } });
  };

  const group = (titleKey: string, members: SavedView[]): ReactNode =>
    members.length > 0 && (
      <List dense disablePadding subheader={<ListSubheader disableSticky sx={{ px: 0, lineHeight: 2.5 }}>{translate(titleKey)}</ListSubheader>}>
        {members.map((view) => (
          <ViewItem
            key={view.id}
            view={view}
            current={sameState(state, view.state)}
            mayShare={mayShare}
            onApply={() => {
              apply(view.state);
              setPanelOpen(false);
            }}
            onAction={(action) => act(view, action)}
          />
        ))}
      </List>
    );
  const mine = views.filter((v) => !v.shared);
  const shared = views.filter((v) => v.shared);
  const content = (
    <Box component="section" aria-labelledby="saved-views-title">
      <Typography id="saved-views-title" variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {translate('app.views.title')}
      </Typography>
      {linkProblem && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {linkProblem}
        </Alert>
      )}
      {failed && <Alert severity="error">{translate('app.views.failed')}</Alert>}
      {group('app.views.mine', mine)}
      {group('app.views.shared', shared)}
      {!failed && views.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          {translate('app.views.none')}
        </Typography>
      )}
      <Button size="small" startIcon={<BookmarkAddIcon />} onClick={() => setNaming({ kind: 'save' })} sx={{ mt: 1 }}>
        {translate('app.views.save')}
      </Button>
      {naming && (
        <SaveViewDialog
          titleKey={naming.kind === 'rename' ? 'app.views.renameTitle' : 'app.views.saveTitle'}
          initial={naming.kind === 'rename' ? { name: naming.view.name, shared: naming.view.shared } : { name: '', shared: false }}
          mayShare={mayShare && naming.kind === 'save'}
          onSave={saveNaming}
          onClose={() => setNaming(null)}
        />
      )}
      <Confirm
        isOpen={deleting !== null}
        title="app.views.deleteTitle"
        content={deleting?.shared ? 'app.views.deleteShared' : 'app.views.deleteContent'}
        translateOptions={{ name: deleting?.name ?? '' }}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
  if (roomy) return content;
  return (
    <>
      {phone ? (
        <Button variant="contained" color="inherit" startIcon={<BookmarksIcon />} onClick={() => setPanelOpen(true)} sx={{ minHeight: 44 }}>
          {translate('app.views.title')}
        </Button>
      ) : (
        // in the list's toolbar, beside the filter button: an icon, as the toolbar's width is the table's
        <Tooltip title={translate('app.views.title')}>
          <IconButton color="primary" aria-label={translate('app.views.title')} onClick={() => setPanelOpen(true)}>
            <BookmarksIcon />
          </IconButton>
        </Tooltip>
      )}
      <Drawer anchor="bottom" open={panelOpen} onClose={() => setPanelOpen(false)} slotProps={{ paper: { sx: { p: 2, maxHeight: '70vh' } } }}>
        {content}
      </Drawer>
    </>
  );
}
