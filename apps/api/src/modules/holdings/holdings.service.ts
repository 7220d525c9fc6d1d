import {
  ageInMonthsOn,
  displayName,
  formatAge,
  formatDateTime,
  formatDuration,
  type HolderAttendeesQuery,
  isAtLeastEstManager,
  type Locale,
  localDay,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { renderAttendanceSheetPdf } from '../documents/pdf/attendance-sheet-pdf';
import { serviceScopeOf } from '../services/service-common';
import { createServicesRepository } from '../services/services.repository';
import { createSessionContextRepository } from '../services/session-context.repository';
import { createHoldingsRepository } from './holdings.repository';
import { attendanceRate, currentWindow } from './holdings.rules';

/** At most this many attendees and sessions in one answer (a holder's period holds far fewer). */
export const ATTENDEES_LIMIT = 1000;
export const SESSIONS_LIMIT = 500;

/** A holder's attendees in the current period, and a session's printable attendance sheet. */
export function createHoldingsService(ctx: AppContext) {
  const repository = createHoldingsRepository(ctx.db);

  async function timeZoneOf(organizationId: string) {
    const timeZone = await repository.timeZone(organizationId);
    if (!timeZone) throw new AppError('not_found');
    return timeZone;
  }

  return {
    /**
     * Everyone attending the sessions the holder holds in the current period: sessions, absences,
     * attendance rate, a family phone and e-mail; and those sessions (to print one's list). A holder
     * sees their own; a manager may name the holder (an establishment manager: within their establishment).
     */
    async attendees(auth: AuthContext, query: HolderAttendeesQuery, locale: Locale) {
      const organizationId = auth.organizationId;
      const manager = isAtLeastEstManager(auth.actor);
      if (query.holderId && query.holderId !== auth.userId && !manager) throw new AppError('forbidden');
      const timeZone = await timeZoneOf(organizationId);
      const now = ctx.clock.now();
      const today = localDay(now, timeZone);
      const periods = await repository.periods(organizationId);
      const window = currentWindow(periods, today);
      const scope = {
        organizationId,
        holderUserId: query.holderId ?? auth.userId,
        establishmentId: establishmentScope(auth),
        timeZone,
        ...window,
      };
      const [rows, sessions] = await Promise.all([
        repository.attendees(scope, now, query.q?.trim() || undefined, ATTENDEES_LIMIT),
        repository.sessions(scope, SESSIONS_LIMIT),
      ]);
      return {
        from: window.from,
        to: window.to,
        periods: periods
          .filter((p) => p.startDate <= today && today <= p.endDate)
          .map((p) => ({ id: p.id, name: p.name })),
        items: rows.map((row) => ({
          memberId: row.memberId,
          displayName: displayName(row, 'participant', locale),
          ageMonths: ageInMonthsOn(row.birthdate, today),
          sessions: row.sessions,
          pastSessions: row.past,
          absences: row.absences,
          attendanceRate: attendanceRate(row.past, row.pastAbsences),
          familyPhone: row.familyPhone,
          familyEmail: row.familyEmail,
        })),
        sessions: sessions.map((s) => ({
          id: s.id,
          activityName: s.activityName,
          startDateTime: new Date(s.startDateTime).toISOString(),
          status: s.status,
          coming: s.coming,
        })),
      };
    },

    /** A session's attendance sheet as a PDF, for whoever may see the session (a holder: the sessions they hold). */
    async attendanceSheet(auth: AuthContext, serviceId: string, locale: Locale) {
      const organizationId = auth.organizationId;
      const services = createServicesRepository(ctx.db);
      const service = await services.findById(organizationId, serviceId, serviceScopeOf(auth));
      if (!service) throw new AppError('not_found');
      const organization = await createHoldingsRepository(ctx.db).organization(organizationId);
      if (!organization) throw new AppError('not_found');
      const day = localDay(service.startDateTime, organization.timeZone);
      const [coming, prestations] = await Promise.all([
        createSessionContextRepository(ctx.db).comingTo(organizationId, serviceId),
        services.prestationsOf(organizationId, [serviceId]),
      ]);
      const start = formatDateTime(service.startDateTime, organization.timeZone, locale);
      const pdf = await renderAttendanceSheetPdf(
        {
          organizationName: organization.name,
          activityName: service.blueprintName,
          start,
          duration: formatDuration(service.duration),
          holders: prestations.map((p) => displayName(p, 'member', locale)),
          status: service.status as 'confirmed' | 'postponed' | 'cancelled',
          rows: coming.map((row) => {
            const months = ageInMonthsOn(row.birthdate, day);
            return {
              name: displayName(row, 'participant', locale),
              age: months === null ? '–' : formatAge(months, locale),
              phone: row.familyPhone ?? '–',
              absent: row.status === 'absent',
            };
          }),
          printedAt: formatDateTime(ctx.clock.now(), organization.timeZone, locale),
        },
        locale,
      );
      const fileName = `${locale === 'en' ? 'attendance' : 'presences'}-${day}-${service.blueprintName}.pdf`;
      return { fileName, pdf };
    },
  };
}
