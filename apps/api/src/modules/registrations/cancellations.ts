import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AuthContext, establishmentScope } from '../../lib/access';
import {
  createParticipantsRepository,
  LIVE_STATUSES,
  type ParticipantRow,
  type ParticipantView,
  SEAT_STATUSES,
} from './participants.repository';
import { releaseSeat } from './seats.repository';
import { offerFreedSeats } from './waiting-list';

/*
 * Cancelling registrations in the caller's transaction (one, or all of a member who leaves the family),
 * who may cancel (a manager within reach, a family before the start), and offering the freed seats.
 */

export const LIVE = new Set<string>(LIVE_STATUSES);
/** What a family may cancel itself, before the session starts. */
export const FAMILY_CANCELLABLE = new Set<string>(SEAT_STATUSES);

/** Whether a manager may act on the participant: an establishment manager only within their establishment. */
export const managerReaches = (auth: AuthContext, view: ParticipantView) => {
  const scope = establishmentScope(auth);
  return scope === null || scope === view.service.establishmentId;
};

/** Whether the family may cancel this registration now. */
export const familyMayCancel = (participant: ParticipantRow, start: Date, now: Date) =>
  FAMILY_CANCELLABLE.has(participant.status) && start.getTime() > now.getTime();

export interface CancelOptions {
  actorUserId: string | null;
  impersonatorUserId?: string | null;
  reason: string | null;
  now: Date;
}

/**
 * Cancels a live registration in the caller's transaction: gives its seat back, records why and when, and
 * audits `registration-cancelled`. Returns whether a seat was freed (offer it after the commit).
 */
export async function cancelParticipantIn(
  ctx: AppContext,
  tx: Executor,
  organizationId: string,
  participant: ParticipantRow,
  options: CancelOptions,
): Promise<boolean> {
  const freed = await releaseSeat(tx, organizationId, participant.id);
  await createParticipantsRepository(tx).update(
    organizationId,
    participant.id,
    {
      status: 'cancelled',
      cancelledAt: options.now,
      cancelReason: options.reason,
      cartLinked: false,
      holdExpiresAt: null,
      invitationExpiresAt: null,
    },
    options.now,
  );
  await ctx.audit.record(
    {
      organizationId,
      type: 'registration-cancelled',
      actorUserId: options.actorUserId,
      impersonatorUserId: options.impersonatorUserId ?? null,
      subjectType: 'participant',
      subjectId: participant.id,
      data: {
        serviceId: participant.serviceId,
        memberId: participant.memberId,
        previousStatus: participant.status,
        reason: options.reason,
      },
    },
    tx,
  );
  return freed;
}

/** The member's registrations to sessions still to come (what removing the member would cancel). */
export async function futureRegistrationsOfMember(ctx: AppContext, organizationId: string, memberId: string) {
  const rows = await createParticipantsRepository(ctx.db).futureOfMember(
    organizationId,
    memberId,
    ctx.clock.now(),
  );
  return rows.map((r) => ({
    id: r.id,
    serviceName: r.serviceName,
    startDateTime: r.startDateTime.toISOString(),
  }));
}

/**
 * Cancels every live registration of a member who leaves the family, in the caller's transaction;
 * returns the sessions whose seats were freed (offer them after the commit).
 */
export async function cancelRegistrationsOfMember(
  ctx: AppContext,
  tx: Executor,
  auth: AuthContext,
  organizationId: string,
  memberId: string,
): Promise<string[]> {
  const repository = createParticipantsRepository(tx);
  const freed: string[] = [];
  const now = ctx.clock.now();
  for (const { id } of await repository.liveOfMember(organizationId, memberId)) {
    const row = await repository.lock(organizationId, id);
    if (!row || !LIVE.has(row.status)) continue;
    const released = await cancelParticipantIn(ctx, tx, organizationId, row, {
      actorUserId: auth.userId,
      impersonatorUserId: auth.impersonatorUserId,
      reason: 'member-removed',
      now,
    });
    if (released) freed.push(row.serviceId);
  }
  return freed;
}

/** Offers the seats freed on these sessions to their waiting lists. */
export async function offerSeatsOf(ctx: AppContext, organizationId: string, serviceIds: readonly string[]) {
  for (const serviceId of new Set(serviceIds)) await offerFreedSeats(ctx, organizationId, serviceId);
}
