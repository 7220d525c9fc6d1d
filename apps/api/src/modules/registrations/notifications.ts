import { displayName, formatDateTime, type Locale, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { currentLocale } from '../../lib/request-context';
import type { MailTemplateName, MailTemplates } from '../mail/mail-templates';
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

/**
 * E-mails every live account of the family, each in its own language, inside `executor`'s transaction
 * (the mail exists only if the change commits).
 */
export async function mailFamily<K extends MailTemplateName>(
  ctx: AppContext,
  executor: Executor,
  organizationId: string,
  familyId: string,
  template: K,
  params: MailTemplates[K],
): Promise<void> {
  const recipients = await createParticipantsRepository(executor).familyRecipients(organizationId, familyId);
  for (const recipient of recipients) {
    await ctx.mailer.send(
      { to: recipient.email, locale: resolveLocale(recipient.locale), organizationId, executor },
      template,
      params,
    );
  }
}

export type Bilingual = Record<Locale, string>;

/** An error with its own message in both languages (the detail in the caller's). */
export function failure(
  code: 'conflict' | 'not_found' | 'validation_failed' | 'forbidden',
  message: Bilingual,
  field = 'id',
  rule: string = code,
): AppError {
  return new AppError(code, [{ field, rule, message: message[currentLocale()] }], message);
}

/** A 409 with its message in both languages. */
export const conflict = (message: Bilingual, field = 'id', rule = 'conflict') =>
  failure('conflict', message, field, rule);

/** An eligibility refusal (already in the caller's language) as an error: 404 when not found, else 409. */
export function refusalError(refusal: { reason: string; message: string }, field = 'serviceId'): AppError {
  const message = { fr: refusal.message, en: refusal.message };
  return failure(refusal.reason === 'not-found' ? 'not_found' : 'conflict', message, field, refusal.reason);
}
