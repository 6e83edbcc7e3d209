// The values of a declared resource's date, moment and yes/no fields as the API takes and keeps them: a
// day is 'YYYY-MM-DD', a moment ISO-8601 in UTC ('2026-11-26T21:30:00.000Z'), a yes/no true or false. Each
// reader answers the normalised value, or null when the input cannot be one (an impossible day: 2026-02-30).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The day `y-m-d` exists (no 30 February, no month 13). */
const isRealDay = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return y >= 1000 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};

/** A day as 'YYYY-MM-DD' (an ISO moment is taken for its day as written), or null. */
export function isoDay(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (!DAY.test(text) && !isoMoment(text)) return null;
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  return isRealDay(y, m, d) ? text.slice(0, 10) : null;
}

/**
 * A moment as ISO-8601 in UTC ('…T21:30:00.000Z'), or null. Without a time zone it is taken as UTC
 * (the admin sends its local time converted).
 */
export function isoMoment(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const match = MOMENT.exec(raw.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm, ss = '0'] = match;
  if (!isRealDay(Number(y), Number(m), Number(d)) || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const zone = match[8] ?? 'Z';
  const at = new Date(`${y}-${m}-${d}T${hh}:${mm}:${ss.padStart(2, '0')}${match[7] ? `.${match[7].slice(0, 3)}` : ''}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone.toUpperCase()}`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const YES = new Set([true, 1, '1', 'true']);
const NO = new Set([false, 0, '0', 'false']);

/** A yes/no as sent by JSON or a form (true/false, 1/0, 'true'/'false', '1'/'0'), or null. */
export function yesNo(raw: unknown): boolean | null {
  if (YES.has(raw as never)) return true;
  if (NO.has(raw as never)) return false;
  return null;
}
