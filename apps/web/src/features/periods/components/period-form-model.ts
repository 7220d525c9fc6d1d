import { TZDate } from '@date-fns/tz';
import { formatPattern } from '@/lib/dates';
import type { Period } from '../api/types';

/*
 * The period form keeps the registration opening as a local date and time of the organisation's time
 * zone; the payload carries it as an ISO instant. A half-filled opening (a date without a time) is sent
 * as typed, so the shared schema rejects it with its date-and-time message.
 */

export interface PeriodFormValues {
  name: string;
  startDate: string;
  endDate: string;
  opensDate: string;
  opensTime: string;
  establishmentId: string;
  /** Never typed: where the schema's message about the opening instant lands. */
  registrationOpensAt?: string;
}

/** 'YYYY-MM-DD' + 'HH:mm' read in `timeZone`, as an ISO instant in UTC; null when either is not readable. */
export function localToInstant(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const instant = new TZDate(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(t[1]),
    Number(t[2]),
    0,
    timeZone,
  );
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getTime()).toISOString();
}

/** The opening instant as the two inputs show it. */
export function instantToLocal(instant: string | null, timeZone: string): { date: string; time: string } {
  if (!instant) return { date: '', time: '' };
  const date = new Date(instant);
  return {
    date: formatPattern(date, 'yyyy-MM-dd', timeZone, 'fr'),
    time: formatPattern(date, 'HH:mm', timeZone, 'fr'),
  };
}

/** The registration opening of the payload: null when both inputs are empty. */
export function openingOf(date: string, time: string, timeZone: string): string | null {
  if (date.trim() === '' && time.trim() === '') return null;
  return localToInstant(date, time, timeZone) ?? `${date}T${time}`;
}

export function periodFormValues(
  period: Period | null | undefined,
  timeZone: string,
  establishmentId = '',
): PeriodFormValues {
  const opens = instantToLocal(period?.registrationOpensAt ?? null, timeZone);
  return {
    name: period?.name ?? '',
    startDate: period?.startDate ?? '',
    endDate: period?.endDate ?? '',
    opensDate: opens.date,
    opensTime: opens.time,
    establishmentId: period?.establishmentId ?? establishmentId,
  };
}

export function toPeriodPayload(values: PeriodFormValues, timeZone: string) {
  return {
    name: values.name,
    startDate: values.startDate,
    endDate: values.endDate,
    registrationOpensAt: openingOf(values.opensDate, values.opensTime, timeZone),
    establishmentId: values.establishmentId || undefined,
  };
}
