import { formatPattern } from '@/lib/dates';
import type { Locale } from '@inscrio/shared';
import type { PeriodService } from '../api/types';

/** Sessions of one weekly series, or one session on its own. */
export interface SessionGroup {
  key: string;
  seriesId: string | null;
  serviceIds: string[];
  blueprintName: string;
  colorCode: string;
  sessions: PeriodService[];
  first: string;
  last: string;
  /** 'lun. 17:00 · mer. 17:00': the weekly slots, in the organisation's time zone. */
  slots: string;
}

/** Groups sessions by series (a session outside any series is its own group), in start order. */
export function groupSessions(sessions: PeriodService[], timeZone: string, locale: Locale): SessionGroup[] {
  const groups = new Map<string, PeriodService[]>();
  for (const session of sessions) {
    const key = session.seriesId ?? session.id;
    groups.set(key, [...(groups.get(key) ?? []), session]);
  }
  return [...groups.entries()]
    .map(([key, members]) => {
      const sorted = [...members].sort((a, b) => a.startDateTime.localeCompare(b.startDateTime));
      const slots = new Map<string, string>();
      for (const session of sorted) {
        const date = new Date(session.startDateTime);
        // ISO weekday first so the slots read Monday to Sunday.
        const order = `${formatPattern(date, 'i', timeZone, locale)}${formatPattern(date, 'HH:mm', timeZone, locale)}`;
        slots.set(order, formatPattern(date, 'EEE HH:mm', timeZone, locale));
      }
      const head = sorted[0]!;
      return {
        key,
        seriesId: head.seriesId,
        serviceIds: sorted.map((session) => session.id),
        blueprintName: head.blueprintName,
        colorCode: head.colorCode,
        sessions: sorted,
        first: head.startDateTime,
        last: sorted[sorted.length - 1]!.startDateTime,
        slots: [...slots.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([, label]) => label)
          .join(' · '),
      };
    })
    .sort((a, b) => a.blueprintName.localeCompare(b.blueprintName) || a.first.localeCompare(b.first));
}
