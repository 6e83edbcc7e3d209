// Email templates the product sends. Seeded into the email_templates table (editable by staff on
// /emailtemplate) and rendered with {{placeholders}} whose values are HTML-escaped.

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
];

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Replaces {{key}} with the escaped value; unknown placeholders are left empty. */
export function renderTemplate(html: string, values: Record<string, string>): string {
  return html.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => escapeHtml(values[key] ?? ''));
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
