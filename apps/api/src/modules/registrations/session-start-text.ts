import { formatDateTime, type Locale } from '@inscrio/shared';

/** How many session starts `sessionStartText` remembers (past that, it starts over). */
const REMEMBERED_STARTS = 2_000;
const startTexts = new Map<string, string>();

/**
 * A session's start as messages and order lines print it ('dd/MM/yyyy HH:mm' in the organisation's zone),
 * remembered: when a popular session fills up, hundreds of refusals quote the same start, and each
 * `formatDateTime` builds an Intl formatter (~0.3 ms, the largest cost of a refusal in the rush profile).
 */
export function sessionStartText(start: Date, timeZone: string, locale: Locale): string {
  const key = `${start.getTime()} ${timeZone} ${locale}`;
  let text = startTexts.get(key);
  if (text === undefined) {
    if (startTexts.size >= REMEMBERED_STARTS) startTexts.clear();
    text = formatDateTime(start, timeZone, locale);
    startTexts.set(key, text);
  }
  return text;
}
