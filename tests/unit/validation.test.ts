import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDateTime } from '@shared/contract';
import { loginSchema, resetPasswordFormSchema } from '@shared/validation/auth';
import { englishText } from '@shared/validation/messages';
import { nameField, phoneField } from '@shared/validation/user';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : englishText(r.error!.issues[0].message);

describe('shared validation rules', () => {
  it("gives the sign-in form the spec's messages", () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'abcd' }))).toBe('You must enter a email');
    expect(firstMessage(loginSchema.safeParse({ email: 'x@', password: 'abcd' }))).toBe('You must enter a valid email');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Please enter your password.');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.co', password: 'abc' }))).toBe(
      'Password is too short - should be 4 chars minimum.',
    );
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'abcd' }).success).toBe(true);
  });

  it('requires a strong, confirmed reset password', () => {
    expect(
      firstMessage(resetPasswordFormSchema.safeParse({ password: 'lowercase1', passwordConfirm: 'lowercase1' })),
    ).toMatch(/^Password must be 8 characters long/);
    expect(firstMessage(resetPasswordFormSchema.safeParse({ password: 'Abcdef@1', passwordConfirm: 'Abcdef@2' }))).toBe(
      "New password doesn't Match the confirm password",
    );
    expect(resetPasswordFormSchema.safeParse({ password: 'Abcdef@1', passwordConfirm: 'Abcdef@1' }).success).toBe(true);
    // the special character the spec's message names is required (finding m12)
    expect(firstMessage(resetPasswordFormSchema.safeParse({ password: 'Newpass123', passwordConfirm: 'Newpass123' }))).toMatch(/one special character/);
  });

  it('accepts names of 3-32 letters in any alphabet and checks phones', () => {
    expect(nameField.safeParse('Ayşe Yılmaz').success).toBe(true);
    expect(nameField.safeParse('محمد علي').success).toBe(true);
    expect(firstMessage(nameField.safeParse('Al'))).toBe('Name is not valid');
    expect(firstMessage(nameField.safeParse('R2D2 Droid'))).toBe('Name is not valid');
    expect(firstMessage(phoneField.safeParse('12345'))).toBe('Phone number is too short');
    expect(firstMessage(phoneField.safeParse('1234567890123456'))).toBe('Phone number is too long');
    expect(firstMessage(phoneField.safeParse('12-34'))).toBe('Phone number is too short');
    expect(firstMessage(phoneField.safeParse('0532 ABC 4567'))).toBe('Phone number is not valid');
    // written as people write it: the separators go (finding m14)
    expect(phoneField.safeParse('+90 532 123-45 67').data).toBe('+905321234567');
    expect(phoneField.safeParse('(0532) 123.45.67').data).toBe('05321234567');
  });

  it('shows dates as MM/DD/yyyy', () => {
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('01/05/2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('m7: shows and reads a post date and time in each language, kept as a datetime-local value', () => {
    const shown = { en: '05/20/2026 07:30 PM', tr: '20.05.2026 19:30', ar: '20/05/2026 19:30' };
    for (const [language, text] of Object.entries(shown)) {
      expect(formatDateTime('2026-05-20T19:30', language)).toBe(text);
      expect(parseDateTime(text, language)).toBe('2026-05-20T19:30');
    }
    expect(formatDateTime('2026-05-20T00:05', 'en')).toBe('05/20/2026 12:05 AM');
    expect(parseDateTime('05/20/2026 12:05 am', 'en')).toBe('2026-05-20T00:05');
    // a 24-hour time in English too
    expect(parseDateTime('05/20/2026 19:30', 'en')).toBe('2026-05-20T19:30');
    // impossible days and times, and a day without its time
    for (const typed of ['31.02.2026 10:00', '20.05.2026 24:00', '20.05.2026 10:60', '20.05.2026', '20.05.2026 13:00 PM']) expect(parseDateTime(typed, 'tr')).toBeNull();
  });
});
