import { PostDetailView } from '../../components/PostDetailView';

/** /post/{id} (spec §2): the post read-only, back to /post, delete. */
export const PostShow = () => (
  <PostDetailView
    config={{ resource: 'post', backPath: '/post', titleKey: 'app.post.detail', deleteConfirmKey: 'app.confirm.delete_post', deletedKey: 'messages.postDeleted' }}
  />
);
