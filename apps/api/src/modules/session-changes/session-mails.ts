import { displayName, formatDateTime, formatMoney, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { type ComingParticipant, createSessionChangesRepository } from './session-changes.repository';
import type { ParticipantCompensation } from './session-changes.rules';

/*
 * The families' e-mails of a session change, each account in its language (mail module templates),
 * queued in the caller's transaction when one is given, so they leave only if the change commits.
 */

/** Where a family follows up: the order of the registration, else the home page. */
export function familyLink(ctx: AppContext, key: string, participant: Pick<ComingParticipant, 'orderId'>) {
  return participant.orderId
    ? organizationUrl(ctx.config, key, `/orders/${encodeURIComponent(participant.orderId)}`)
    : organizationUrl(ctx.config, key, '/');
}

/** Tells a cancelled session's participant's family what it gets back. */
export async function mailSessionCancelled(
  ctx: AppContext,
  executor: Executor | undefined,
  organizationId: string,
  facts: {
    participant: ComingParticipant;
    compensation: ParticipantCompensation;
    note: { number: string; totalAmount: number } | null;
  },
): Promise<void> {
  const reads = createSessionChangesRepository(executor ?? ctx.db);
  const organization = await reads.organization(organizationId);
  const session = await reads.session(organizationId, facts.participant.serviceId);
  if (!organization || !session) return;
  const { participant, compensation, note } = facts;
  for (const account of await reads.familyAccounts(organizationId, participant.familyId)) {
    const locale = resolveLocale(account.locale);
    await ctx.mailer.send({ to: account.email, locale, organizationId, executor }, 'session-cancelled', {
      organizationName: organization.name,
      memberName: displayName(participant, 'participant', locale),
      activityName: session.activityName,
      start: formatDateTime(session.startDateTime, organization.timeZone, locale),
      compensation,
      creditNote: note && { number: note.number, amount: formatMoney(note.totalAmount, locale) },
      paid: participant.orderPaid > 0,
      link: familyLink(ctx, organization.key, participant),
    });
  }
}
