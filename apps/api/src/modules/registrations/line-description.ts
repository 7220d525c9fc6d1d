import type { Locale } from '@inscrio/shared';
import { sessionStartText } from './session-start-text';

/** The description of an order line: activity — date — member, in the family's language. */
export const lineDescription = (
  activity: string,
  start: Date,
  timeZone: string,
  memberName: string,
  locale: Locale,
) => `${activity} — ${sessionStartText(start, timeZone, locale)} — ${memberName}`;
