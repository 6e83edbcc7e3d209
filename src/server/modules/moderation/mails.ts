// The mails the desk sends a person about a decision on their content or account (issue 34), and the
// words the appeal page shares with them. A mail is written from the editable template of its decision
// (`moderation-<decision>`, English); where the person chose a language (their preferences) and that
// language's template is Active (`moderation-<decision>-tr`, `-ar`, seeded: mail/moderationTemplates.ts),
// that one is used, and the values put into it (what was decided about, the dates) are worded in it.
import type { AppContext } from '@server/context';
import { sendTemplate } from '@server/mail/mailer';
import { readPreferences } from '@shared/preferences';

export const LANGUAGES = ['en', 'tr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The person a mail goes to, as read from users. */
export interface Recipient {
  email: string;
  name: string;
  preferences: string | null;
}

/** The language a person chose, English when none (or the stored preferences cannot be read). */
export function languageOf(preferences: string | null): Language {
  try {
    return readPreferences(preferences ? JSON.parse(preferences) : {}).language ?? 'en';
  } catch {
    return 'en';
  }
}

/** A moment as a person reads it: date and time in their language, in UTC (western digits, as the product writes). */
export const momentIn = (at: string, lang: Language): string =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC', numberingSystem: 'latn' }).format(new Date(at))} UTC`;

/** What a case was about, as a mail or the appeal page names it to its author. */
export function contentIn(target: { entity: string; title: string | null; text: string | null }, lang: Language): string {
  const raw = (target.title || target.text || '').replace(/\s+/g, ' ').trim();
  const quoted = raw ? `"${raw.length > 80 ? `${raw.slice(0, 79)}…` : raw}"` : '';
  const words: Record<Language, Record<string, string>> = {
    en: { post: `your post ${quoted}`, itinerary: `your itinerary ${quoted}`, comment: `your comment ${quoted}`, user: 'your account' },
    tr: { post: `${quoted} gönderiniz`, itinerary: `${quoted} gezi planınız`, comment: `${quoted} yorumunuz`, user: 'hesabınız' },
    ar: { post: `منشورك ${quoted}`, itinerary: `خطة رحلتك ${quoted}`, comment: `تعليقك ${quoted}`, user: 'حسابك' },
  };
  return (words[lang][target.entity] ?? words[lang].user).trim();
}

/** The language a mail `slug` goes out in: the person's, when an Active template of theirs exists. */
async function mailLanguage(ctx: AppContext, slug: string, lang: Language): Promise<Language> {
  if (lang === 'en') return 'en';
  const own = await ctx.db.selectFrom('email_templates').select('status').where('slug', '=', `${slug}-${lang}`).executeTakeFirst();
  return own?.status === 'Active' ? lang : 'en';
}

/**
 * Sends the desk's mail `slug` to `to`, in their language where a template of it exists, with the
 * values `valuesIn` words in that language (their name added).
 */
export async function sendDeskMail(ctx: AppContext, slug: string, to: Recipient, valuesIn: (lang: Language) => Record<string, string>): Promise<boolean> {
  const lang = await mailLanguage(ctx, slug, languageOf(to.preferences));
  return sendTemplate(ctx.db, ctx.mailer, lang === 'en' ? slug : `${slug}-${lang}`, to.email, { name: to.name, ...valuesIn(lang) });
}
