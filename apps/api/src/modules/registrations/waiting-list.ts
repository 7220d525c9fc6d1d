import { formatDateTime } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import {
  familyLink,
  mailFamily,
  offerDeadline,
  registrationFacts,
  registrationSettings,
} from './notifications';
import { createParticipantsRepository } from './participants.repository';
import { takeSeat } from './seats.repository';

// CONTRACT: called after a transaction that freed seats of a session commits (cart line removed, hold
// expired, cancellation, invitation declined/expired, participant moved away).

/** Most offers made in one call (a session rarely frees more seats at once). */
const MAX_OFFERS = 500;

/**
 * Offers the freed seats of a session to the first waiting families, by e-mail with a deadline: while the
 * session has a free seat and a waiting-list request (`needs-review`, reason `waiting-list`, oldest first),
 * the request becomes `invited`, holding the seat until `now + organization.invitationHours`.
 *
 * Safe under concurrency: each offer is one transaction that locks the request with `SKIP LOCKED` (two
 * callers never offer the same request) and takes the seat with the conditional update of `takeSeat`
 * (never more offers than seats). Sessions already started, or cancelled, offer nothing.
 */
export async function offerFreedSeats(
  ctx: AppContext,
  organizationId: string,
  serviceId: string,
): Promise<void> {
  for (let offered = 0; offered < MAX_OFFERS; offered++) {
    const more = await ctx.db.transaction(async (tx) => {
      const repository = createParticipantsRepository(tx);
      const now = ctx.clock.now();
      const session = await repository.findSession(organizationId, serviceId);
      if (!session || session.status === 'cancelled' || session.startDateTime <= now) return false;
      const request = await repository.lockFirstWaiting(organizationId, serviceId);
      if (!request) return false;
      if (!(await takeSeat(tx, organizationId, serviceId))) return false;
      const settings = await registrationSettings(tx, organizationId);
      const { deadline, atStart } = offerDeadline(now, settings.invitationHours, session.startDateTime);
      await repository.update(
        organizationId,
        request.id,
        { status: 'invited', holdsSeat: true, invitationExpiresAt: deadline },
        now,
      );
      const member = await repository.findViews(organizationId, [request.id]);
      const view = member[0]!;
      await mailFamily(
        ctx,
        tx,
        organizationId,
        request.familyId,
        'waiting-list-offer',
        {
          ...registrationFacts(settings, view.member, view.service),
          deadline: formatDateTime(deadline, settings.timeZone),
          deadlineIsStart: atStart,
          link: familyLink(ctx, settings),
        },
        {
          inbox: {
            kind: 'waiting-list-offer',
            eventKey: `waiting-list-offer:${request.id}:${deadline.toISOString()}`,
          },
        },
      );
      return true;
    });
    if (!more) return;
  }
}
