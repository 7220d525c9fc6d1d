import { formatDateTime, type Locale, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { recordFamilyMessage } from '../inbox/inbox';
import { renderMail } from '../mail/mail-templates';
import { unsubscribeUrl } from '../mail/unsubscribe-url';
import { createSessionRemindersRepository, type ReminderRow } from './session-reminders.repository';

const QUEUE = 'session-reminders';
/** Often enough that a reminder leaves within minutes of its organisation's hour. */
const EVERY_MS = 10 * 60_000;

/** The one-click link that stops the reminders of this account (and only them, only for it). */
export function sessionReminderUnsubscribeUrl(
  ctx: AppContext,
  row: Pick<ReminderRow, 'organization_id' | 'organization_key' | 'user_id'>,
) {
  return unsubscribeUrl(ctx, {
    organizationId: row.organization_id,
    organizationKey: row.organization_key,
    userId: row.user_id,
    kind: 'session-reminder',
  });
}

/**
 * Sends the reminders due now: one e-mail per session and account, naming the family's members in it
 * (two children in one session: one e-mail naming both), in the account's language, and one entry per
 * family and session in its inbox. Each e-mail is queued under the key (session, account) and the inbox
 * entry under (family, session), so a rerun, another instance or a restart never sends nor records it
 * twice. Answers how many e-mails were asked for.
 */
export async function sendSessionReminders(ctx: AppContext): Promise<number> {
  const rows = await createSessionRemindersRepository(ctx.db).due(ctx.clock.now());
  const byRecipient = new Map<string, ReminderRow[]>();
  const byFamily = new Map<string, ReminderRow[]>();
  for (const row of rows) {
    const key = `${row.organization_id}:${row.service_id}:${row.user_id}`;
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), row]);
    const family = `${row.organization_id}:${row.service_id}:${row.family_id}`;
    byFamily.set(family, [...(byFamily.get(family) ?? []), row]);
  }
  for (const [key, group] of byRecipient) await mailSessionReminder(ctx, key, group);
  for (const group of byFamily.values()) await recordSessionReminder(ctx, group);
  return byRecipient.size;
}

const reminderParams = (ctx: AppContext, group: ReminderRow[], locale: Locale) => {
  const first = group[0]!;
  return {
    organizationName: first.organization_name,
    // A member appears once even when several of the family's accounts remind of them.
    memberNames: [...new Set(group.map((row) => `${row.first_name} ${row.last_name}`.trim()))],
    activityName: first.activity_name,
    start: formatDateTime(new Date(first.start_date_time), first.time_zone, locale),
    location: first.location,
    link: organizationUrl(ctx.config, first.organization_key, '/calendar'),
  };
};

/** The reminder of one session to one account (`group`: a row per member of the family in it). */
async function mailSessionReminder(ctx: AppContext, key: string, group: ReminderRow[]) {
  const first = group[0]!;
  const locale = resolveLocale(first.locale);
  await ctx.mailer.send(
    {
      to: first.email,
      locale,
      organizationId: first.organization_id,
      key: `session-reminder:${key}`,
      unsubscribeUrl: sessionReminderUnsubscribeUrl(ctx, first),
    },
    'session-reminder',
    reminderParams(ctx, group, locale),
  );
}

/** The family's inbox keeps one reminder per session, as its first account reads it (rows: by account). */
async function recordSessionReminder(ctx: AppContext, group: ReminderRow[]) {
  const first = group[0]!;
  const locale = resolveLocale(first.locale);
  const { subject, html } = renderMail('session-reminder', reminderParams(ctx, group, locale), locale);
  await recordFamilyMessage(ctx.db, {
    organizationId: first.organization_id,
    familyId: first.family_id,
    kind: 'session-reminder',
    eventKey: `session-reminder:${first.service_id}`,
    subject,
    html,
  });
}

export async function registerSessionRemindersJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(QUEUE, EVERY_MS, async () => {
    await sendSessionReminders(ctx);
  });
}
