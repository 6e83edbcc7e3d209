// The mails of the moderation desk (issue 34; modules/moderation/mails.ts sends them): one per decision
// that tells the author (warn, hide, suspend, ban) with its appeal link, and one per appeal outcome.
// Seeded in English as `moderation-<what>`, and in Turkish and Arabic as `moderation-<what>-tr` / `-ar`
// (their words: moderationWording.json), sent to the people who chose that language; staff edit all of
// them on /emailtemplate. The Arabic ones are right-aligned (the sanitiser keeps alignment, not `dir`).
import wording from './moderationWording.json';

/** A language's words: the slug's suffix, the greeting, the appeal link's paragraph, each mail's title and paragraphs. */
interface Language {
  suffix: string;
  hello: string;
  appeal: string;
  paragraph: string;
  wording: Record<string, { title: string; body: string[] }>;
}

/** The decisions whose mail carries the appeal link. */
const APPEALABLE = new Set(['warn', 'hide', 'suspend', 'ban']);

/** The seeds (templates.ts TEMPLATE_SEEDS takes them in). */
export const MODERATION_TEMPLATES: { slug: string; title: string; description: string }[] = (wording as Language[]).flatMap((l) =>
  Object.entries(l.wording).map(([what, { title, body }]) => ({
    slug: `moderation-${what}${l.suffix}`,
    title,
    description: [l.hello, ...body, ...(APPEALABLE.has(what) ? [l.appeal] : [])].map((text) => `${l.paragraph}${text}</p>`).join(''),
  })),
);
