// Email templates the product sends. Seeded into the email_templates table (editable by staff on
// /emailtemplate) and rendered with {{placeholders}} whose values are HTML-escaped.
// Where a placeholder may stand and which images a mail may show is one rule (shared/emailTemplateRules):
// templateProblem() refuses a template that breaks it when it is saved, renderTemplateHtml() enforces it
// on what is stored (templates written before the rule, or straight into the database).
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import {
  hasPlaceholder,
  ownImageUrl,
  placeholderAllowed,
  placeholderPattern,
  withoutPlaceholders,
} from '@shared/emailTemplateRules';
import type { ValidationMessageKey } from '@shared/validation/messages';
import { sanitizeRichText } from '@server/http/sanitize';
import { MODERATION_TEMPLATES } from './moderationTemplates';

export interface TemplateSeed {
  slug: string;
  title: string;
  description: string;
}

export const TEMPLATE_SEEDS: TemplateSeed[] = [
  {
    slug: 'forgot-password',
    title: 'Reset your password',
    description:
      '<p>Hello {{name}},</p><p>We received a request to reset the password of your account.</p>' +
      '<p><a href="{{link}}">Reset my password</a></p><p>The link works once and expires in {{expires_in}}. ' +
      'If you did not ask for it, ignore this email.</p>',
  },
  {
    slug: 'password-changed',
    title: 'Your password has been changed',
    description:
      '<p>Hello {{name}},</p><p>The password of your account was changed. If this was not you, contact an administrator.</p>',
  },
  {
    slug: 'two-factor-enabled',
    title: 'Two-factor sign-in is on',
    description:
      '<p>Hello {{name}},</p><p>Two-factor sign-in was turned on for your account: signing in now also asks for a code ' +
      'from your authenticator app. If this was not you, contact an administrator.</p>',
  },
  {
    slug: 'two-factor-disabled',
    title: 'Two-factor sign-in is off',
    description:
      '<p>Hello {{name}},</p><p>Two-factor sign-in was turned off for your account: signing in asks only for your password. ' +
      'If this was not you, change your password and contact an administrator.</p>',
  },
  {
    slug: 'two-factor-reset',
    title: 'Your two-factor sign-in was reset',
    description:
      '<p>Hello {{name}},</p><p>An administrator reset the two-factor sign-in of your account: your authenticator app ' +
      'and recovery codes no longer work. Set it up again from My Profile.</p>',
  },
  {
    slug: 'subadmin-invitation',
    title: 'Your Sub-Admin account',
    description:
      '<p>Hello {{name}},</p><p>An administrator created a Sub-Admin account for you.</p>' +
      '<p>Email: {{email}}<br/>Password: {{password}}</p><p>Sign in at <a href="{{link}}">{{link}}</a>.</p>',
  },
  {
    slug: 'user-welcome',
    title: 'Welcome aboard',
    description: '<p>Hello {{name}},</p><p>Your account has been created with the email {{email}}.</p>',
  },
  // the moderation desk's decisions and appeal outcomes (issue 34), in English, Turkish and Arabic
  ...MODERATION_TEMPLATES,
];

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * Replaces {{key}} with the escaped value; unknown placeholders are left empty. Text only (the subject):
 * a template's HTML goes through renderTemplateHtml.
 */
export function renderTemplate(text: string, values: Record<string, string>): string {
  return text.replace(placeholderPattern(), (_, key: string) => escapeHtml(values[key] ?? ''));
}

/** The tags whose attributes name an image to load, and those attributes. */
const IMAGE_ATTRIBUTES: Record<string, string[]> = { img: ['src', 'srcset'] };

/** The addresses of a srcset value (`a.jpg 1x, b.jpg 2x`). */
const srcsetUrls = (value: string): string[] =>
  value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

/**
 * What makes a template's HTML unfit to be saved, as a validation message key, or null: a placeholder
 * anywhere but in the text or as the whole href of a link (templatePlaceholderPlace), an image that is
 * not on `ownOrigin` (templateRemoteImage). Reads every tag and attribute of the markup as given, also
 * those the sanitiser would drop (meta refresh, form action…): the author is told rather than silently
 * corrected.
 */
export function templateProblem(html: string, ownOrigin: string | undefined): ValidationMessageKey | null {
  let placeholder = false;
  let remoteImage = false;
  const open: string[] = [];
  let text = '';
  const flushText = () => {
    if (text && hasPlaceholder(text) && !placeholderAllowed(open[open.length - 1] ?? '', null, text)) placeholder = true;
    text = '';
  };
  // the parser sanitize-html uses, with its settings (entities decoded, so `&#123;&#123;link}}` is seen)
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        flushText();
        open.push(name);
        for (const [attribute, value] of Object.entries(attribs)) {
          if (hasPlaceholder(attribute) || (hasPlaceholder(value) && !placeholderAllowed(name, attribute, value))) placeholder = true;
        }
        for (const attribute of IMAGE_ATTRIBUTES[name] ?? []) {
          const value = attribs[attribute];
          if (value === undefined) continue;
          const urls = attribute === 'srcset' ? srcsetUrls(value) : [value];
          if (urls.some((url) => !ownImageUrl(url, ownOrigin))) remoteImage = true;
        }
      },
      ontext(chunk) {
        text += chunk;
      },
      onclosetag(name) {
        flushText();
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
      },
      onend() {
        flushText();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (placeholder) return 'templatePlaceholderPlace';
  if (remoteImage) return 'templateRemoteImage';
  return null;
}

/** Sanitiser options that apply the rule to HTML already through sanitizeRichText's allow-list. */
function mailOptions(ownOrigin: string | undefined): sanitizeHtml.IOptions {
  return {
    // the tags, attributes and styles are sanitizeRichText's (run just before): here only the rule
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        for (const [attribute, value] of Object.entries(attribs)) {
          kept[attribute] =
            hasPlaceholder(value) && !placeholderAllowed(tagName, attribute, value) ? withoutPlaceholders(value) : value;
        }
        if (tagName === 'img') {
          const src = ownImageUrl(kept.src, ownOrigin);
          if (src) kept.src = src;
          delete kept.srcset;
        }
        return { tagName, attribs: kept };
      },
    },
    // a mail loads nothing from elsewhere: an image that is not on the own origin is left out
    exclusiveFilter: (frame) => frame.tag === 'img' && !ownImageUrl(frame.attribs.src, ownOrigin),
    textFilter: (text, tagName) =>
      hasPlaceholder(text) && !placeholderAllowed(tagName ?? '', null, text) ? withoutPlaceholders(text) : text,
  };
}

/**
 * The HTML of a mail: the stored template, sanitised again (it may predate the sanitiser or have been
 * written to the database directly), with the placeholder rule applied — a placeholder in a forbidden
 * place renders as nothing, an image off `ownOrigin` is dropped (relative /uploads/… paths are made
 * absolute on it) — and then the values, HTML-escaped.
 */
export function renderTemplateHtml(stored: string, values: Record<string, string>, ownOrigin: string | undefined): string {
  const safe = sanitizeHtml(sanitizeRichText(stored), mailOptions(ownOrigin));
  return renderTemplate(safe, values);
}

/** A template's text as staff write it: the subject line and the HTML body, with placeholders. */
export interface TemplateText {
  title: string;
  description: string;
}

/**
 * A template's mail as its recipient reads it: the subject and the HTML body with `values` filled in.
 * The one rendering of every mail (sendTemplate), of the edit dialog's preview and of its test mail.
 */
export function renderMail(template: TemplateText, values: Record<string, string>, ownOrigin: string | undefined): { subject: string; html: string } {
  return { subject: renderTemplate(template.title, values), html: renderTemplateHtml(template.description, values, ownOrigin) };
}

/** Plain-text alternative of a rendered template. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}
