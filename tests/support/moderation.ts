// What the desk's decision and appeal tests share: people, a reported post, comment or user (reports
// written straight to the database, as the product writes them: the trigger files them into cases),
// the case a report is in, and the mails a person got (read from the outbox).
import fs from 'node:fs';
import path from 'node:path';
import { bearer, createUser, htmlPart, loginAs, type TestApp } from './api';

export const PASSWORD = 'Str0ng@Pass';

/** A product user (their language in their preferences when given). */
export async function productUser(t: TestApp, name: string, language?: 'en' | 'tr' | 'ar') {
  const id = await createUser(t, { email: `${name}@example.com`, password: PASSWORD, user_type: 'User', name });
  if (language) await t.ctx.db.updateTable('users').set({ preferences: JSON.stringify({ language }) }).where('id', '=', id).execute();
  return id;
}

/** A Sub-Admin with Report-list, signed in: their id and the headers of their calls. */
export async function moderator(t: TestApp, name: string) {
  const id = await createUser(t, { email: `${name}@example.com`, password: PASSWORD, user_type: 'Sub-Admin', name, permissions: ['Report-list'] });
  const { token } = await loginAs(t, `${name}@example.com`, PASSWORD);
  return { id, name, headers: bearer(token) };
}
export type Moderator = Awaited<ReturnType<typeof moderator>>;

const stamp = () => new Date().toISOString();

export async function postBy(t: TestApp, authorId: number, title: string, type: 'post' | 'itinerary' = 'post') {
  const row = await t.ctx.db
    .insertInto('posts')
    .values({ type, user_id: authorId, title, description: `${title}, the text`, latitude: null, longitude: null, itinerary_date: null, is_planeed: '0', is_public: 1, created_at: stamp(), updated_at: stamp(), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function commentBy(t: TestApp, authorId: number, postId: number, text: string) {
  const row = await t.ctx.db
    .insertInto('comments')
    .values({ post_id: postId, user_id: authorId, comment: text, created_at: stamp(), deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A report by `reporterId` on a post, comment or user; answers the report's id and its case's. */
export async function reportOn(t: TestApp, reporterId: number, target: { post_id?: number; comment_id?: number; other_user_id?: number }) {
  const type = target.post_id ? 'post' : target.comment_id ? 'comment' : 'user';
  const row = await t.ctx.db
    .insertInto('reports')
    .values({
      type,
      user_id: reporterId,
      post_id: target.post_id ?? null,
      comment_id: target.comment_id ?? null,
      other_user_id: target.other_user_id ?? null,
      report_category_id: null,
      reason: 'Looks wrong',
      status: 'Pending',
      user_status_by_admin: 'Active',
      created_at: stamp(),
      updated_at: stamp(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { case_id } = await t.ctx.db.selectFrom('reports').select('case_id').where('id', '=', row.id).executeTakeFirstOrThrow();
  return { reportId: row.id, caseId: case_id! };
}

export const caseRow = (t: TestApp, id: number) => t.ctx.db.selectFrom('moderation_cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Decides a case through the API with the version it has now. */
export async function decide(t: TestApp, who: Moderator, caseId: number, body: Record<string, unknown>) {
  const { version } = await caseRow(t, caseId);
  return t.app.inject({ method: 'POST', url: `/api/moderation/cases/${caseId}/decision`, headers: who.headers, payload: { version, reason: 'Breaks the rules', ...body } });
}

/** The mails `email` got so far (after the ones being sent): subject and decoded HTML, oldest first. */
export async function mailsTo(t: Pick<TestApp, 'ctx' | 'dataDir'>, email: string) {
  await t.ctx.background.drain();
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .filter((f) => f.endsWith(`-${email}.eml`))
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      return { subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', html: htmlPart(raw) };
    });
}

/** The appeal token of a mail's link. */
export const appealToken = (html: string) => /\/appeal\/([A-Za-z0-9_-]+)/.exec(html)?.[1] ?? null;
