import { CircularProgress } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  ReferenceArrayInput,
  ReferenceInput,
  type SortPayload,
  TextInput,
  useCreate,
  useGetOne,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { ActiveChoices } from '../../components/ActiveChoices';
import { LanguageDateInput } from '../../components/LanguageDateInput';
import { SearchableMultiPicker, SearchablePicker } from '../../components/SearchablePickers';
import { DialogForm, DialogFrame, useDialogSave } from '../../components/FormDialog';
import { EditingNotice } from '../../live/EditingNotice';
import { initialValues, type PostDialogValues, postDialogSchema, toWire } from './postForm';
import { PostSpotRows } from './PostSpotRows';
import type { PostDetail } from './types';

/**
 * Add or edit a post (spec §3 "Post form"): user, title, description, Post Date, categories, tags and
 * the spot rows. Editing loads the post first. On failure the dialog stays open with what was typed.
 * An itinerary is edited with the same form and rules (issue 32 m23), with its Planned and Public and
 * its stops' order.
 */
export function PostFormDialog({ id, open, onClose, resource = 'post' }: { id?: number; open: boolean; onClose: () => void; resource?: 'post' | 'itinerary' }) {
  const translate = useTranslate();
  const { data: post } = useGetOne<PostDetail>(resource, { id: id ?? 0 }, { enabled: open && !!id });
  const editing = !!id;
  // until the detail arrives, react-admin may hand over the list's row, which has no spots
  const loaded = !!post && Array.isArray(post.postSpot);
  return (
    <DialogFrame open={open} onClose={onClose} id={`post-form-${id ?? 'new'}`} title={translate(editing ? `app.${resource}.edit` : 'app.post.add')} maxWidth="md">
      {editing && !loaded ? <CircularProgress sx={{ m: 3 }} aria-label={translate('app.loading')} /> : <PostForm resource={resource} post={editing ? post : undefined} onClose={onClose} />}
    </DialogFrame>
  );
}

/** The edit dialog of the post or itinerary in context (a list row, a detail page). */
export function PostEditOfRecord(props: { open: boolean; onClose: () => void; resource?: 'post' | 'itinerary' }) {
  const record = useRecordContext();
  return <PostFormDialog id={Number(record?.id)} {...props} />;
}

/** The pickers offer the first 20 records by name that hold what was typed (and say so: "Type to search"). */
const BY_NAME: SortPayload = { field: 'name', order: 'ASC' };
const PICKED = 20;

function PostForm({ resource, post: loaded, onClose }: { resource: 'post' | 'itinerary'; post?: PostDetail; onClose: () => void }) {
  const itinerary = resource === 'itinerary';
  // the post as the dialog opened on it: a reload meanwhile neither resets what was typed nor moves the
  // version the save is checked against (a post changed since is refused, never overwritten)
  const [post] = useState(loaded);
  const [create] = useCreate();
  const [update] = useUpdate();
  const run = useDialogSave(onClose);

  const save = (values: Record<string, unknown>) => {
    const data = toWire(values as PostDialogValues, post);
    return post
      ? run(() => update(resource, { id: post.id, data, previousData: post }, { mutationMode: 'pessimistic', returnPromise: true }), `messages.${resource}Updated`)
      : run(() => create('post', { data }, { returnPromise: true }), 'messages.postAdded');
  };

  return (
    // the form's own record: inside a list row, react-admin would otherwise start from the row
    <DialogForm schema={postDialogSchema} onClose={onClose} record={initialValues(post)} onSubmit={save}>
      {post && <EditingNotice resource={resource} id={String(post.id)} />}
      <ReferenceInput source="user_id" reference="user" sort={BY_NAME} perPage={PICKED}>
        <SearchablePicker label="resources.post.fields.user" fullWidth />
      </ReferenceInput>
      <TextInput source="title" label="resources.post.fields.title" fullWidth />
      <TextInput source="description" label="resources.post.fields.description" multiline minRows={2} fullWidth />
      {/* in the language's pattern (m7), kept as a datetime-local value: what is sent stays the same */}
      <LanguageDateInput source="itinerary_date" label="app.post.date" time />
      <ReferenceArrayInput source="category_id" reference="category" sort={BY_NAME} perPage={PICKED}>
        {/* Active categories only; the list stays open while several are picked */}
        <ActiveChoices>
          <SearchableMultiPicker label="app.post.categories" fullWidth disableCloseOnSelect />
        </ActiveChoices>
      </ReferenceArrayInput>
      <ReferenceArrayInput source="tag_id" reference="tag" sort={BY_NAME} perPage={PICKED}>
        <SearchableMultiPicker label="app.post.tags" fullWidth />
      </ReferenceArrayInput>
      {itinerary && (
        <>
          <BooleanInput source="planned" label="resources.itinerary.fields.is_planeed" />
          <BooleanInput source="public" label="resources.itinerary.fields.is_public" />
        </>
      )}
      <PostSpotRows reorderable={itinerary} />
    </DialogForm>
  );
}
