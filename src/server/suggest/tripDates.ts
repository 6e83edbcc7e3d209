// The dates of a whole AI trip's stops: day 1 on the itinerary's date, day n n-1 days later.
import { englishText } from '@shared/validation/messages';
import { badRequest } from '@server/http/errors';
import { MAX_DAYS } from './query';

/** 'YYYY-MM-DD HH:mm:ss' moved by whole days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date.replace(' ', 'T')}Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Each stop's date from its day (the form's `day[]`, one per stop), or null when no days are sent
 * (a single day saved as it always was). Refused unless every stop has a day from 1 to MAX_DAYS.
 */
export function tripDates(days: readonly string[], stops: number, date: string): string[] | null {
  if (!days.length) return null;
  const numbers = days.map(Number);
  if (numbers.length !== stops || numbers.some((d) => !Number.isInteger(d) || d < 1 || d > MAX_DAYS)) {
    throw badRequest('validation.tripDaysInvalid', { day: englishText('validation.tripDaysInvalid') });
  }
  return numbers.map((d) => addDays(date, d - 1));
}
