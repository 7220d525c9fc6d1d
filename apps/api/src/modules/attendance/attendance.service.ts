import {
  ageInMonthsOn,
  type AttendanceMarksInput,
  type AttendanceServiceListQuery,
  displayName,
  initialsOf,
  type Locale,
  localDay,
  SESSION_STATUSES,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError, refused } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { releaseSeat, takeSeat } from '../registrations/seats.repository';
import { localInstant } from '../services/series';
import { organizationTimeZone, type RequestMeta, serviceScopeOf } from '../services/service-common';
import { holderName, seatsOf } from '../services/services.dto';
import { createServicesRepository } from '../services/services.repository';
import { createSessionContextRepository } from '../services/session-context.repository';
import { tellAbsence, tellPresentAgain } from './absence-events';
import {
  applyMarks,
  attendanceCounts,
  type AttendanceState,
  currentMarkOf,
  effectiveMarkedAt,
  type IncomingMark,
  isMarkable,
} from './attendance.rules';
import type { AttendanceSheetDto } from './attendance.dto';
import { createAttendanceRepository, type NewAttendanceMarkRow } from './attendance.repository';

/** The local day after `day` ('YYYY-MM-DD'). */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

const sessionStatus = (status: string) => (SESSION_STATUSES.is(status) ? status : 'confirmed');

/**
 * Taking attendance: the sessions a holder or a manager marks, who comes to one, and the batches of
 * marks (made offline, sent later, possibly twice). Holders reach the sessions they hold, establishment
 * managers their establishment's (services' scope); families never (the routes' access).
 */
export function createAttendanceService(ctx: AppContext) {
  const repository = createAttendanceRepository(ctx.db);
  const sessions = createServicesRepository(ctx.db);
  const sessionContext = createSessionContextRepository(ctx.db);

  async function sheet(auth: AuthContext, id: string, locale: Locale): Promise<AttendanceSheetDto> {
    const organizationId = auth.organizationId;
    const service = await sessions.findById(organizationId, id, serviceScopeOf(auth));
    if (!service) throw new AppError('not_found');
    const timeZone = await organizationTimeZone(ctx, organizationId);
    const prestations = await sessions.prestationsOf(organizationId, [id]);
    const establishmentName = await repository.establishmentName(organizationId, service.establishmentId);
    const rows = await sessionContext.comingTo(organizationId, id);
    const day = localDay(service.startDateTime, timeZone);
    const participants = rows.map((row) => ({
      id: row.id,
      displayName: displayName(row, 'participant', locale),
      initials: initialsOf(row.firstName, row.lastName),
      ageMonths: ageInMonthsOn(row.birthdate, day),
      familyPhone: row.familyPhone,
      mark: currentMarkOf(row.status, row.attendanceMarkedAt),
      note: row.attendanceNote,
      markedAt: row.attendanceMarkedAt?.toISOString() ?? null,
    }));
    return {
      service: {
        id: service.id,
        blueprintId: service.blueprintId,
        blueprintName: service.blueprintName,
        colorCode: service.colorCode,
        establishmentId: service.establishmentId,
        establishmentName,
        startDateTime: service.startDateTime.toISOString(),
        duration: service.duration,
        status: sessionStatus(service.status),
        seats: seatsOf(service.maxSeats, service.reservedSeats),
        holders: prestations.map((p) => ({ id: p.holderUserId, displayName: holderName(p, locale) })),
      },
      participants,
      counts: attendanceCounts(participants.map((p) => p.mark)),
    };
  }

  return {
    /** Today's and upcoming sessions (soonest first), or past ones (latest first). */
    async list(auth: AuthContext, query: AttendanceServiceListQuery, locale: Locale) {
      const organizationId = auth.organizationId;
      const timeZone = await organizationTimeZone(ctx, organizationId);
      const today = localInstant(localDay(ctx.clock.now(), timeZone), '00:00', timeZone);
      const fromDay = query.from ? localInstant(query.from, '00:00', timeZone) : undefined;
      const toDay = query.to ? localInstant(nextDay(query.to), '00:00', timeZone) : undefined;
      const upcoming = query.when === 'upcoming';
      const from = upcoming ? (fromDay && fromDay > today ? fromDay : today) : fromDay;
      const to = upcoming ? toDay : toDay && toDay < today ? toDay : today;
      const { page, pageSize } = query;
      const { rows, total } = await repository.listServices(
        organizationId,
        {
          from,
          to,
          establishmentId: query.establishmentId,
          blueprintId: query.blueprintId,
          order: upcoming ? 'asc' : 'desc',
        },
        serviceScopeOf(auth),
        pageSize,
        (page - 1) * pageSize,
      );
      const prestations = await sessions.prestationsOf(
        organizationId,
        rows.map((row) => row.id),
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          blueprintId: row.blueprintId,
          blueprintName: row.blueprintName,
          colorCode: row.colorCode,
          establishmentId: row.establishmentId,
          establishmentName: row.establishmentName,
          startDateTime: row.startDateTime.toISOString(),
          duration: row.duration,
          status: sessionStatus(row.status),
          seats: seatsOf(row.maxSeats, row.reservedSeats),
          holders: prestations
            .filter((p) => p.serviceId === row.id)
            .map((p) => ({ id: p.holderUserId, displayName: holderName(p, locale) })),
          confirmed: Number(row.confirmed),
          marked: Number(row.marked),
        })),
        total,
        page,
        pageSize,
      };
    },

    sheet,

    /**
     * Stores a batch of marks of one session and applies them: a mark id already stored counts once;
     * per participant, the mark made last wins (an older one arriving late is kept as history only).
     * Each change to absent writes the audit event and is told through the absences port, in the
     * transaction that makes it.
     */
    async mark(auth: AuthContext, id: string, input: AttendanceMarksInput, meta: RequestMeta) {
      const organizationId = auth.organizationId;
      const receivedAt = ctx.clock.now();
      let stored = 0;
      let duplicates = 0;
      await ctx.db.transaction(async (tx) => {
        const attendance = createAttendanceRepository(tx);
        // The session's row lock orders batches of one session and a cancellation of it.
        const locked = await createServicesRepository(tx).lockById(organizationId, id, serviceScopeOf(auth));
        if (!locked) throw new AppError('not_found');
        if (locked.service.status === 'cancelled')
          throw refused('attendance_session_cancelled', undefined, {
            field: 'serviceId',
            rule: 'sessionCancelled',
            locale: meta.locale,
          });

        const already = await attendance.storedMarkIds(
          organizationId,
          input.marks.map((m) => m.markId),
        );
        // A mark id twice in one batch, or already stored: counted once, as accepted.
        const fresh = new Map<string, (typeof input.marks)[number]>();
        for (const m of input.marks)
          if (!already.has(m.markId) && !fresh.has(m.markId)) fresh.set(m.markId, m);
        duplicates = input.marks.length - fresh.size;
        if (fresh.size === 0) return;

        const participantIds = [...new Set([...fresh.values()].map((m) => m.participantId))];
        const rows = await attendance.lockParticipants(organizationId, id, participantIds);
        const byId = new Map(rows.map((row) => [row.id, row]));
        const refuse = (participantId: string) => {
          const index = input.marks.findIndex((m) => m.participantId === participantId);
          return refused('attendance_not_markable', undefined, {
            field: `marks.${index}.participantId`,
            rule: 'notMarkable',
            locale: meta.locale,
          });
        };
        for (const participantId of participantIds) {
          const row = byId.get(participantId);
          if (!row || !isMarkable(row.status)) throw refuse(participantId);
        }

        const markRows: NewAttendanceMarkRow[] = [];
        for (const participantId of participantIds) {
          const row = byId.get(participantId)!;
          const initial: AttendanceState = {
            status: row.status as AttendanceState['status'],
            markId: row.attendanceMarkId,
            markedAt: row.attendanceMarkedAt,
            note: row.attendanceNote,
          };
          const incoming: IncomingMark[] = [...fresh.values()]
            .filter((m) => m.participantId === participantId)
            .map((m) => ({
              markId: m.markId,
              mark: m.mark,
              markedAt: effectiveMarkedAt(new Date(m.markedAt), receivedAt),
              note: m.note?.trim() || null,
            }));
          const outcome = applyMarks(initial, incoming);
          for (const m of incoming) {
            markRows.push({
              organizationId,
              markId: m.markId,
              serviceId: id,
              participantId,
              mark: m.mark,
              note: m.note,
              markedAt: m.markedAt,
              markedByUserId: auth.userId,
              applied: outcome.applied.has(m.markId),
            });
          }
          if (outcome.applied.size === 0) continue;
          const { state } = outcome;
          // An absent participant gives its seat back (seats count reserved and confirmed ones); present
          // again takes one again, and the live registration's place: not if another one took either.
          if (initial.status === 'confirmed' && state.status === 'absent')
            await releaseSeat(tx, organizationId, participantId);
          if (initial.status === 'absent' && state.status === 'confirmed') {
            if (await attendance.hasOtherLiveRegistration(organizationId, id, row.memberId, participantId))
              throw refuse(participantId);
            if (!(await takeSeat(tx, organizationId, id)))
              throw refused('session_full', undefined, {
                field: `marks.${input.marks.findIndex((m) => m.participantId === participantId)}.mark`,
                rule: 'full',
                locale: meta.locale,
              });
            await attendance.setHoldsSeat(organizationId, participantId);
            await tellPresentAgain(ctx, tx, {
              organizationId,
              participantId,
              serviceId: id,
              at: state.markedAt!,
              actorUserId: auth.userId,
            });
          }
          await attendance.setCurrentMark(organizationId, participantId, {
            status: state.status,
            attendanceMarkId: state.markId!,
            attendanceMarkedAt: state.markedAt!,
            attendanceNote: state.note,
          });
          for (const absence of outcome.absences) {
            await ctx.audit.record(
              {
                organizationId,
                type: 'registration-attendee-absence',
                actorUserId: auth.userId,
                impersonatorUserId: auth.impersonatorUserId,
                subjectType: 'participant',
                subjectId: participantId,
                data: {
                  serviceId: id,
                  markId: absence.markId,
                  markedAt: absence.markedAt.toISOString(),
                  note: absence.note,
                },
                requestId: meta.requestId,
                ip: meta.ip,
              },
              tx,
            );
            await tellAbsence(ctx, tx, {
              organizationId,
              participantId,
              serviceId: id,
              at: absence.markedAt,
              actorUserId: auth.userId,
            });
          }
        }
        const inserted = await attendance.insertMarks(markRows);
        stored = inserted.length;
        duplicates += markRows.length - inserted.length;
      });
      return { ...(await sheet(auth, id, meta.locale)), stored, duplicates };
    },
  };
}
