// The values a template's preview and test mail are filled with: the signed-in staff member's own name and
// email, and for every secret a sample that is plainly one (no real reset token, no real password).
// Every placeholder of shared/emailTemplateRules TEMPLATE_PLACEHOLDERS has one (tests/api/email-template-test-mail).
import { linkLifetime } from '../auth/service';

/** The sample reset link: the product's reset page with a word in place of a token (it opens "invalid link"). */
export const SAMPLE_TOKEN = 'sample-link-not-a-real-token';
export const SAMPLE_PASSWORD = 'Sample-Passw0rd';

export function sampleValues(
  slug: string,
  person: { name: string; email: string },
  config: { publicUrl: string; resetTokenTtlSeconds: number },
): Record<string, string> {
  return {
    name: person.name,
    email: person.email,
    // the invitation links to the sign-in page (users/routes.ts), the reset mail to the reset page with its token
    link:
      slug === 'subadmin-invitation'
        ? `${config.publicUrl}/login`
        : slug.startsWith('moderation-')
          ? `${config.publicUrl}/appeal/${SAMPLE_TOKEN}`
          : `${config.publicUrl}/reset-password/${SAMPLE_TOKEN}`,
    expires_in: linkLifetime(config.resetTokenTtlSeconds),
    password: SAMPLE_PASSWORD,
    // a moderation decision's (modules/moderation/mails.ts)
    content: 'the post "A sample post"',
    reason: 'Spam',
    message: 'A sample message from the moderator.',
    days: '7',
    until: '1 January 2030, 12:00 UTC',
    appeal_until: '21 January 2030, 12:00 UTC',
  };
}
