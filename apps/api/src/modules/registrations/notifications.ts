import {
  displayName,
  type ErrorCode,
  type ErrorParams,
  formatDateTime,
  type InboxKind,
  type Locale,
  REFUSAL_CODES,
  type RegistrationRefusal,
  resolveLocale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { currentLocale } from '../../lib/request-context';
import { recordFamilyMessage } from '../inbox/inbox';
import { type MailTemplateName, type MailTemplates, renderMail } from '../mail/mail-templates';
import { createMailBrandRepository } from '../mail/mail-brand.repository';
import { unsubscribeUrl } from '../mail/unsubscribe-url';
import { createParticipantsRepository } from './participants.repository';

/** The organisation's settings a registration needs; 404 when the organisation is unknown. */
export async function registrationSettings(db: Executor, organizationId: string) {
  const settings = await createParticipantsRepository(db).settings(organizationId);
  if (!settings) throw new AppError('not_found');
  return settings;
}

export type RegistrationSettings = Awaited<ReturnType<typeof registrationSettings>>;

/** What a family e-mail says about one registration (dates in the organisation's zone, same in both languages). */
export function registrationFacts(
  settings: RegistrationSettings,
  member: { firstName: string; lastName: string },
  service: { blueprintName: string; startDateTime: Date },
) {
  return {
    organizationName: settings.name,
    memberName: displayName(member, 'participant'),
    activityName: service.blueprintName,
    start: formatDateTime(service.startDateTime, settings.timeZone),
  };
}

/**
 * The deadline to answer an offered seat (an accepted request, a waiting-list offer, an invitation): the
 * organisation's delay, but never past the session's start. Whether it is the start tells the e-mail to
 * say « before the session starts ».
 */
export function offerDeadline(now: Date, hours: number, sessionStart: Date, wanted?: Date) {
  const delay = wanted ?? new Date(now.getTime() + hours * 3_600_000);
  const atStart = delay.getTime() >= sessionStart.getTime();
  return { deadline: atStart ? new Date(sessionStart) : delay, atStart };
}

/** The family's page of its activities ('Mes activités'), where the e-mails send it. */
export const familyLink = (ctx: AppContext, settings: RegistrationSettings) =>
  organizationUrl(ctx.config, settings.key, '/');

/** Where a family e-mail is kept in the family's inbox (once per event), and whether one may stop it. */
export interface FamilyMailOptions {
  inbox: { kind: InboxKind; eventKey: string };
  /** A mail no transaction requires: each account gets its one-click link; those that stopped it, nothing. */
  unsubscribe?: 'recovery-token-expiring';
}

/**
 * E-mails every live account of the family, each in its own language, inside `executor`'s transaction
 * (the mail exists only if the change commits), and keeps it once in the family's inbox as its first
 * account reads it.
 */
export async function mailFamily<K extends MailTemplateName>(
  ctx: AppContext,
  executor: Executor,
  organizationId: string,
  familyId: string,
  template: K,
  params: MailTemplates[K],
  options: FamilyMailOptions,
): Promise<void> {
  const repository = createParticipantsRepository(executor);
  const recipients = await repository.familyRecipients(organizationId, familyId);
  const key = options.unsubscribe
    ? (await createMailBrandRepository(executor).find(organizationId))?.key
    : undefined;
  for (const recipient of recipients) {
    if (options.unsubscribe === 'recovery-token-expiring' && !recipient.recoveryReminders) continue;
    await ctx.mailer.send(
      {
        to: recipient.email,
        locale: resolveLocale(recipient.locale),
        organizationId,
        executor,
        ...(options.unsubscribe && key
          ? {
              unsubscribeUrl: unsubscribeUrl(ctx, {
                organizationId,
                organizationKey: key,
                userId: recipient.id,
                kind: options.unsubscribe,
              }),
            }
          : {}),
      },
      template,
      params,
    );
  }
  const first = recipients[0];
  if (!first) return;
  const { subject, html } = renderMail(template, params, resolveLocale(first.locale));
  await recordFamilyMessage(executor, {
    organizationId,
    familyId,
    kind: options.inbox.kind,
    eventKey: options.inbox.eventKey,
    subject,
    html,
  });
}

export type Bilingual = Record<Locale, string>;

/** A 400 or 404 worded for the case in both languages (the detail in the caller's). */
export function failure(
  code: 'not_found' | 'validation_failed',
  message: Bilingual,
  field = 'id',
  rule: string = code,
): AppError {
  return new AppError(code, [{ field, rule, message: message[currentLocale()] }], { text: message });
}

/** A business refusal of the catalogue with a fixed text, naming the field at fault. */
export const refuse = (code: FixedTextCode, field = 'id', rule: string = code) =>
  refused(code, undefined, { field, rule, locale: currentLocale() });

type FixedTextCode = {
  [C in ErrorCode]: undefined extends ErrorParams<C> ? C : never;
}[ErrorCode];

/**
 * An eligibility refusal as an error, with the refusal's code (404 for an unknown session or member,
 * else 409). Its text is the catalogue's, already filled with the refusal's facts in the caller's
 * language when the check ran.
 */
export function refusalError(
  refusal: { reason: RegistrationRefusal; message: string },
  field = 'serviceId',
): AppError {
  const code = REFUSAL_CODES[refusal.reason];
  return new AppError(code, [{ field, rule: refusal.reason, message: refusal.message }], {
    text: { fr: refusal.message, en: refusal.message },
  });
}
