import { displayName, formatDateTime, formatMoney, type Locale, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { recordFamilyMessage } from '../inbox/inbox';
import type { MailTemplateName, MailTemplates } from '../mail/mail-template-types';
import { renderMail } from '../mail/mail-templates';
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

/** One member's registration to a cancelled session and what the family gets back for it. */
export interface CancelledRegistration {
  participant: ComingParticipant;
  compensation: ParticipantCompensation;
  note: { number: string; totalAmount: number } | null;
}

/**
 * Tells a family what it gets back for a session the organisation cancelled: one e-mail per account
 * naming each of its members in it (`items`: the family's registrations to that session), and one entry
 * in its inbox per session.
 */
export async function mailSessionCancelled(
  ctx: AppContext,
  executor: Executor | undefined,
  organizationId: string,
  items: CancelledRegistration[],
): Promise<void> {
  const [first] = items;
  if (!first) return;
  const reads = createSessionChangesRepository(executor ?? ctx.db);
  const organization = await reads.organization(organizationId);
  const session = await reads.session(organizationId, first.participant.serviceId);
  if (!organization || !session) return;
  const familyId = first.participant.familyId;
  const accounts = await reads.familyAccounts(organizationId, familyId);
  const params = (locale: Locale): MailTemplates['session-cancelled'] => ({
    organizationName: organization.name,
    activityName: session.activityName,
    start: formatDateTime(session.startDateTime, organization.timeZone, locale),
    members: items.map(({ participant, compensation, note }) => ({
      memberName: displayName(participant, 'participant', locale),
      compensation,
      creditNote: note && { number: note.number, amount: formatMoney(note.totalAmount, locale) },
      paid: participant.orderPaid > 0,
    })),
    link: familyLink(ctx, organization.key, first.participant),
  });
  for (const account of accounts) {
    const locale = resolveLocale(account.locale);
    await ctx.mailer.send(
      { to: account.email, locale, organizationId, executor },
      'session-cancelled',
      params(locale),
    );
  }
  if (accounts[0]) {
    await recordSessionMail(executor ?? ctx.db, {
      organizationId,
      familyId,
      eventKey: `session-cancelled:${first.participant.serviceId}`,
      template: 'session-cancelled',
      params: params(resolveLocale(accounts[0].locale)),
      locale: resolveLocale(accounts[0].locale),
    });
  }
}

/**
 * A session mail kept in the family's inbox as its first account reads it: once per family and session
 * (the e-mail names each of its members in it).
 */
export async function recordSessionMail<K extends MailTemplateName>(
  executor: Executor,
  mail: {
    organizationId: string;
    familyId: string;
    eventKey: string;
    template: K & ('session-cancelled' | 'session-postponed');
    params: MailTemplates[K];
    locale: Locale;
  },
): Promise<void> {
  const { subject, html } = renderMail(mail.template, mail.params, mail.locale);
  await recordFamilyMessage(executor, {
    organizationId: mail.organizationId,
    familyId: mail.familyId,
    kind: mail.template === 'session-cancelled' ? 'session-cancelled' : 'session-moved',
    eventKey: mail.eventKey,
    subject,
    html,
  });
}
