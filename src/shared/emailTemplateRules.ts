// Where an email template may put its {{placeholders}}, and which images a mail may show (spec §7
// "Email templates"). One rule, used when a template is saved (refused with a 400) and when a mail is
// rendered (templates stored before the rule: the placeholder renders as nothing, the image is dropped).
//
// Why: the values are secrets for the recipient (the reset link, a first password). Opening a mail must
// not send them anywhere, and a click may only follow the product's own link. So a placeholder is
// rendered only as text, or as the WHOLE address of a link (`<a href="{{link}}">`): anywhere else
// (`<img src="https://elsewhere/?{{link}}">`, srcset, style, `<a href="https://evil/?{{link}}">`, meta
// refresh, form action…) it would hand the value to another host. And a mail loads no remote resource:
// only images on the product's own origin are shown.
//
// Pure TypeScript (no Node APIs): the admin may use it as well as the server.

/** A placeholder as the renderer reads it: `{{name}}`, spaces allowed inside the braces. */
export const PLACEHOLDER_SOURCE = String.raw`\{\{\s*(\w+)\s*\}\}`;

/** A new global regex for placeholders (a fresh one each time: global regexes carry `lastIndex`). */
export const placeholderPattern = (): RegExp => new RegExp(PLACEHOLDER_SOURCE, 'g');

const ANY_PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCE);
const WHOLE_PLACEHOLDER = new RegExp(String.raw`^\s*${PLACEHOLDER_SOURCE}\s*$`);

/** Does `text` hold a placeholder? */
export const hasPlaceholder = (text: string): boolean => ANY_PLACEHOLDER.test(text);

/** Elements whose text is not shown as text (code, styles, form values): no placeholder there. */
const NOT_TEXT = new Set([
  'script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe',
  'template', 'title', 'plaintext',
]);

/**
 * May a placeholder stand here? `attribute` null means the text inside `tag` (the innermost element,
 * '' at the top level); otherwise the attribute `attribute` of `tag`, whose whole value is `value`.
 * Allowed: text (outside code and styles), and an `<a>`'s href that is exactly one placeholder.
 */
export function placeholderAllowed(tag: string, attribute: string | null, value: string): boolean {
  const t = tag.toLowerCase();
  if (attribute === null) return !NOT_TEXT.has(t) && !gluedToAddress(value);
  return t === 'a' && attribute.toLowerCase() === 'href' && WHOLE_PLACEHOLDER.test(value);
}

/**
 * Text such as `https://elsewhere/?{{link}}`: mail clients turn it into a link to another host carrying
 * the value, so a placeholder may not be glued to address-like text (`/`, `?`, `=`, `&`, `#` or `://`
 * in the word right before it). `Password: {{password}}` and `Hello,{{name}}` stay fine.
 */
function gluedToAddress(text: string): boolean {
  for (const match of text.matchAll(placeholderPattern())) {
    const before = /\S*$/.exec(text.slice(0, match.index))?.[0] ?? '';
    if (/[/?=&#]|:\/\//.test(before)) return true;
  }
  return false;
}

/** `value` with every placeholder taken out, for places where none is allowed (repeated: `{{{{x}}y}}`). */
export function withoutPlaceholders(value: string): string {
  let out = value;
  while (hasPlaceholder(out)) out = out.replace(placeholderPattern(), '');
  return out;
}

/**
 * The absolute address of an image a mail may show, or null: only images on the product's own origin
 * (`ownOrigin`, e.g. https://backoffice.example.com) — an absolute URL there, or a relative path such
 * as /uploads/x.jpg, made absolute on it. Anything else (another host, protocol-relative //host,
 * `/\host`, data:, no origin known) is a remote or unknown resource: null.
 */
export function ownImageUrl(src: string | undefined, ownOrigin: string | undefined): string | null {
  if (!src || !src.trim() || !ownOrigin) return null;
  let own: URL;
  let url: URL;
  try {
    own = new URL(ownOrigin);
    url = new URL(src.trim(), own.origin + '/');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== own.origin || url.username || url.password) return null;
  return url.href;
}

/**
 * The placeholders each mail of the product fills in, by template slug (the values mail/ passes to
 * sendTemplate). Any other placeholder renders as nothing: the edit dialog names it (issue 32 m27).
 */
/** The languages a mail to a product user may also be written in (a template `<slug>-<language>`). */
export const MAIL_LANGUAGES = ['tr', 'ar'] as const;

/** Each slug's placeholders, also under its language variants. */
function moderationPlaceholders(bySlug: Record<string, readonly string[]>): Record<string, readonly string[]> {
  return Object.fromEntries(Object.entries(bySlug).flatMap(([slug, names]) => [[slug, names], ...MAIL_LANGUAGES.map((l) => [`${slug}-${l}`, names])]));
}

export const TEMPLATE_PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  'forgot-password': ['name', 'email', 'link', 'expires_in'],
  'password-changed': ['name', 'email'],
  'two-factor-enabled': ['name', 'email'],
  'two-factor-disabled': ['name', 'email'],
  'two-factor-reset': ['name', 'email'],
  'subadmin-invitation': ['name', 'email', 'password', 'link'],
  'user-welcome': ['name', 'email'],
  // the moderation desk's (issue 34), each also as `<slug>-tr` / `<slug>-ar`: that language's wording
  ...moderationPlaceholders({
    'moderation-warn': ['name', 'content', 'reason', 'message', 'link', 'appeal_until'],
    'moderation-hide': ['name', 'content', 'reason', 'message', 'link', 'appeal_until'],
    'moderation-suspend': ['name', 'content', 'reason', 'message', 'days', 'until', 'link', 'appeal_until'],
    'moderation-ban': ['name', 'content', 'reason', 'message', 'link', 'appeal_until'],
    'moderation-appeal-upheld': ['name', 'content', 'message'],
    'moderation-appeal-reversed': ['name', 'content', 'message'],
  }),
};

/** The placeholders of `text` that the mail `slug` does not fill in, each once; none for a slug it does not know. */
export function unknownPlaceholders(slug: string | undefined, text: string): string[] {
  const known = slug ? TEMPLATE_PLACEHOLDERS[slug] : undefined;
  if (!known) return [];
  const names = [...text.matchAll(placeholderPattern())].map((m) => m[1]);
  return [...new Set(names.filter((name) => !known.includes(name)))];
}
