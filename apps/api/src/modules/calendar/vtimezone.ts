import { tzOffset } from '@date-fns/tz';

/*
 * VTIMEZONE components (RFC 5545 §3.6.5) written from the runtime's own time zone data (Intl, through
 * @date-fns/tz): one observance per actual offset change in the years the feed covers, found by scanning
 * day by day and narrowing each change down to the minute. No recurrence rules to get wrong, and any IANA
 * zone works, including those without daylight saving time.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** '+0100', '-0230'. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The local wall time of `instant` at `offsetMinutes`, as an iCalendar local DATE-TIME. */
function localDateTime(instant: number, offsetMinutes: number): string {
  const d = new Date(instant + offsetMinutes * MINUTE_MS);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** The zone's abbreviation when Intl knows a real one ('CET', 'CEST'); nothing for 'GMT+1' forms. */
function abbreviation(timeZone: string, instant: number): string | undefined {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && /^[A-Za-z]{2,6}$/.test(name) ? name : undefined;
}

interface Observance {
  at: number;
  from: number;
  to: number;
}

const offsetAt = (timeZone: string, instant: number) => tzOffset(timeZone, new Date(instant));

function transitions(timeZone: string, start: number, end: number): Observance[] {
  const found: Observance[] = [];
  let previous = offsetAt(timeZone, start);
  for (let day = start + DAY_MS; day <= end; day += DAY_MS) {
    const offset = offsetAt(timeZone, day);
    if (offset === previous) continue;
    // The change lies in (day - 1 day, day]: narrow it down to the minute.
    let before = day - DAY_MS;
    let after = day;
    while (after - before > MINUTE_MS) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetAt(timeZone, middle) === previous) before = middle;
      else after = middle;
    }
    found.push({ at: after, from: previous, to: offset });
    previous = offset;
  }
  return found;
}

function observance(timeZone: string, { at, from, to }: Observance): string[] {
  // DAYLIGHT when the new offset is above the year's standard (lowest) offset.
  const year = new Date(at).getUTCFullYear();
  const standard = Math.min(
    offsetAt(timeZone, Date.UTC(year, 0, 1)),
    offsetAt(timeZone, Date.UTC(year, 6, 1)),
  );
  const kind = to > standard ? 'DAYLIGHT' : 'STANDARD';
  const name = abbreviation(timeZone, at);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localDateTime(at, from)}`,
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
}

const cache = new Map<string, string>();

/**
 * The VTIMEZONE of `timeZone` covering the years from `fromYear` to `toYear` (inclusive): its offset on
 * 1 January of the first year, then every change up to the end of the last one.
 */
export function vtimezoneComponent(timeZone: string, fromYear: number, toYear: number): string {
  const key = `${timeZone}|${fromYear}|${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const initial = offsetAt(timeZone, start);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(timeZone, { at: start, from: initial, to: initial }),
    ...transitions(timeZone, start, end).flatMap((change) => observance(timeZone, change)),
    'END:VTIMEZONE',
  ];
  const component = lines.join('\r\n');
  if (cache.size > 100) cache.clear();
  cache.set(key, component);
  return component;
}
