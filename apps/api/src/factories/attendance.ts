import { randomUUID } from 'node:crypto';
import type { AttendanceMark } from '@inscrio/shared';
import { createAttendanceService } from '../modules/attendance/attendance.service';
import { createParticipantsService } from '../modules/registrations/participants.service';
import { actorOf } from './actors';
import type { FactoryContext } from './context';

export interface AttendanceRequest {
  organizationId: string;
  serviceId: string;
  /** Who takes attendance: a holder of the session or a manager. */
  byEmail: string;
  marks: { participantId: string; mark: AttendanceMark; note?: string | null; markedAt: Date }[];
}

/** Takes attendance on a session as its holder or a manager would: one batch through the service. */
export async function takeAttendance(ctx: FactoryContext, request: AttendanceRequest) {
  if (request.marks.length === 0) return;
  const auth = await actorOf(ctx.db, request.organizationId, { email: request.byEmail });
  await createAttendanceService(ctx).mark(
    auth,
    request.serviceId,
    {
      marks: request.marks.map((m) => ({
        markId: randomUUID(),
        participantId: m.participantId,
        mark: m.mark,
        note: m.note ?? null,
        markedAt: m.markedAt.toISOString(),
      })),
    },
    { ip: '127.0.0.1', requestId: 'factory', locale: auth.locale },
  );
}

/** Registers members to a session directly, as a manager does (confirmed at once, no order), at `at`. */
export async function registerDirectly(
  ctx: FactoryContext,
  request: { organizationId: string; byEmail: string; serviceId: string; memberIds: string[]; at: Date },
) {
  const auth = await actorOf(ctx.db, request.organizationId, { email: request.byEmail });
  ctx.at(request.at);
  try {
    return await createParticipantsService(ctx).registerDirectly(
      auth,
      { serviceIds: [request.serviceId], memberIds: request.memberIds },
      auth.locale,
    );
  } finally {
    ctx.at(null);
  }
}
