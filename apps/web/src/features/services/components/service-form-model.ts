import { UNLIMITED_SEATS } from '@inscrio/shared';

/*
 * The session form keeps what the manager types; `toServicePayload` builds the body of `POST /services`
 * (one session as a local date and time, or a weekly series) that the shared schema validates. Values
 * that cannot be read are passed on as typed so the schema answers with its format message.
 */

export type ScheduleMode = 'single' | 'series';

export interface ServiceFormValues {
  blueprintId: string;
  mode: ScheduleMode;
  date: string;
  time: string;
  series: {
    /** '1' (Monday) to '7' (Sunday), as the checkboxes give them. */
    daysOfWeek: string[];
    time: string;
    fromDate: string;
    toDate: string;
    skipDates: string[];
  };
  duration: string;
  maxSeats: string;
  unlimitedSeats: boolean;
  periodId: string;
  holderIds: string[];
}

/** Monday first (spec section 9: weeks start on Monday). */
export const WEEK_DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

export function parseInteger(text: string): number | string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return /^-?\d{1,9}$/.test(value) ? Number(value) : value;
}

export function emptyServiceForm(blueprintId = '', periodId = ''): ServiceFormValues {
  return {
    blueprintId,
    mode: 'series',
    date: '',
    time: '',
    series: { daysOfWeek: [], time: '', fromDate: '', toDate: '', skipDates: [] },
    duration: '',
    maxSeats: '',
    unlimitedSeats: false,
    periodId,
    holderIds: [],
  };
}

/** The body of `POST /services` (without `preview`). */
export function toServicePayload(values: ServiceFormValues) {
  const when =
    values.mode === 'single'
      ? { date: values.date, time: values.time }
      : {
          series: {
            daysOfWeek: [...values.series.daysOfWeek].map(Number).sort((a, b) => a - b),
            time: values.series.time,
            fromDate: values.series.fromDate,
            toDate: values.series.toDate,
            skipDates: [...values.series.skipDates].sort(),
          },
        };
  return {
    blueprintId: values.blueprintId,
    ...when,
    duration: parseInteger(values.duration),
    maxSeats: values.unlimitedSeats ? UNLIMITED_SEATS : parseInteger(values.maxSeats),
    periodId: values.periodId || null,
    holderIds: values.holderIds,
  };
}
