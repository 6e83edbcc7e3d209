import DeleteIcon from '@mui/icons-material/Delete';
import { Avatar, Box, Card, CardContent, Chip, Divider, Grid, List, ListItem, ListItemAvatar, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { decodeNumericEntities } from '@shared/text';
import { ISOLATED_BLOCK } from '../bidi';
import type { PostDetail } from '../resources/post/types';
import { PostEditOfRecord } from '../resources/post/PostFormDialog';
import { HistoryPanel } from './audit/History';
import { useFormatDate } from './dates';
import { DetailItem, DetailPage } from './detail';
import { EditAction } from './EditAction';
import { RouteMap } from './RouteMap';
import { deleteTitle } from './RowActions';
import { useServerMessage } from './useServerMessage';
import { postDeleteToast } from './undo/ServerUndo';

interface PostDetailConfig {
  resource: 'post' | 'itinerary';
  backPath: string;
  titleKey: string;
  deleteConfirmKey: string;
  deletedKey: string;
}

/**
 * Read-only detail of a post (/post/{id}) or an itinerary (/itinerary/{id}): user, title, description,
 * categories, tags, date and the spots; an itinerary's stops come in date order with their route, the
 * date shown only when it is planned (spec §2). Delete asks first, then returns to the list after 1 s.
 * Edit opens the post form over the page (issue 32 m23; for an itinerary an addition to spec §2).
 */
export function PostDetailView({ config }: { config: PostDetailConfig }) {
  return (
    <DetailPage resource={config.resource} backPath={config.backPath} titleKey={config.titleKey} actions={<PostActions config={config} />}>
      <PostDetailCard itinerary={config.resource === 'itinerary'} />
      <HistoryPanel entity={config.resource} resource={config.resource} />
    </DetailPage>
  );
}

function PostDetailCard({ itinerary }: { itinerary: boolean }) {
  const post = useRecordContext<PostDetail>();
  const translate = useTranslate();
  const formatDate = useFormatDate();
  if (!post || !Array.isArray(post.postSpot)) return <Typography sx={{ p: 3 }}>{translate('app.loading')}</Typography>;
  const planned = post.is_planeed === '0';
  const stops = post.postSpot.filter((s) => s.spot.latitude !== null && s.spot.longitude !== null);
  const fields = `resources.${itinerary ? 'itinerary' : 'post'}.fields`;
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom sx={ISOLATED_BLOCK}>
          {decodeNumericEntities(post.title)}
        </Typography>
        {post.deleted_at && <Chip color="error" size="small" label={translate('app.post.deleted')} sx={{ mb: 1 }} />}
        <Grid container spacing={2}>
          <DetailItem label={`${fields}.user`}>{post.user.name}</DetailItem>
          <DetailItem label={itinerary ? 'app.itinerary.date' : 'app.post.date'}>{formatDate(post.itinerary_date ?? post.created_at)}</DetailItem>
          {itinerary && (
            <>
              <DetailItem label="resources.itinerary.fields.is_planeed">{translate(planned ? 'ra.boolean.true' : 'ra.boolean.false')}</DetailItem>
              <DetailItem label="resources.itinerary.fields.is_public">{translate(post.is_public === 1 ? 'ra.boolean.true' : 'ra.boolean.false')}</DetailItem>
            </>
          )}
          <DetailItem label={`${fields}.description`} wide>
            {post.description ? decodeNumericEntities(post.description) : null}
          </DetailItem>
          <DetailItem label="app.post.categories" wide>
            {post.postCategory.length ? <Chips names={post.postCategory.map((c) => c.category.name)} /> : null}
          </DetailItem>
          <DetailItem label="app.post.tags" wide>
            {post.postTag.length ? <Chips names={post.postTag.map((t) => `#${t.tag.name}`)} /> : null}
          </DetailItem>
        </Grid>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle1" component="h2">
          {translate('app.post.spots')}
        </Typography>
        <List aria-label={translate('app.post.spots')}>
          {post.postSpot.map(({ id, itinerary_date, spot }) => (
            <ListItem key={id} divider>
              {/* the avatar is wider than ListItemAvatar's 56 px: the gap goes on the container (mirrored in Arabic) */}
              <ListItemAvatar sx={{ minWidth: 0, marginInlineEnd: 2 }}>
                <Avatar variant="rounded" src={spot.thumbnail_url ?? undefined} alt="" sx={{ width: 64, height: 64 }} />
              </ListItemAvatar>
              <ListItemText
                primary={spot.name}
                secondary={[spot.city, spot.state, spot.country].filter(Boolean).join(', ') || '----'}
              />
              {itinerary && planned && itinerary_date && (
                <Typography variant="body2" color="text.secondary" data-testid="stop-date">
                  {formatDate(itinerary_date)}
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
        {itinerary && stops.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <RouteMap stops={stops.map((s) => ({ name: s.spot.name, latitude: s.spot.latitude!, longitude: s.spot.longitude! }))} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Chips({ names }: { names: string[] }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} label={decodeNumericEntities(name)} size="small" />
      ))}
    </Stack>
  );
}

/** Edit and Delete, for a post that is not deleted. */
function PostActions({ config }: { config: PostDetailConfig }) {
  const post = useRecordContext<PostDetail>();
  if (!post || post.deleted_at) return null;
  return (
    <>
      <EditAction dialog={(state) => <PostEditOfRecord resource={config.resource} {...state} />} />
      <DeletePost config={config} />
    </>
  );
}

function DeletePost({ config }: { config: PostDetailConfig }) {
  const post = useRecordContext<PostDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const serverMessage = useServerMessage();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete();
  if (!post || post.deleted_at) return null;
  const confirm = () =>
    remove(
      config.resource,
      { id: post.id, previousData: post },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          // Undo: the server restores it (components/undo/UndoPostDelete.tsx)
          notify(translate(config.deletedKey), postDeleteToast(post.id));
          setTimeout(() => navigate(config.backPath), 1000);
        },
        onError: (e) => {
          setConfirming(false);
          notify(serverMessage(e), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button label="app.actions.delete" color="error" onClick={() => setConfirming(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={deleteTitle(post, translate)}
        content={translate(config.deleteConfirmKey)}
        confirm={translate('app.actions.delete')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
