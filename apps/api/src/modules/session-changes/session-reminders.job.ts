import { formatDateTime, resolveLocale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { signUnsubscribeToken } from '../../lib/unsubscribe-token';
import { createSessionRemindersRepository, type ReminderRow } from './session-reminders.repository';

const QUEUE = 'session-reminders';
/** Often enough that a reminder leaves within minutes of its organisation's hour. */
const EVERY_MS = 10 * 60_000;

/** The one-click link that stops the reminders of this account (and only them, only for it). */
export function sessionReminderUnsubscribeUrl(
  ctx: AppContext,
  row: Pick<ReminderRow, 'organization_id' | 'organization_key' | 'user_id'>,
) {
  const token = signUnsubscribeToken(ctx.secrets.encryptionKey, {
    organizationId: row.organization_id,
    userId: row.user_id,
    kind: 'session-reminder',
  });
  return organizationUrl(ctx.config, row.organization_key, `/api/mail/unsubscribe?token=${token}`);
}

/**
 * Sends the reminders due now: one e-mail per session and account, naming the family's members in it,
 * in the account's language. Each is queued under the key (session, account), so a rerun, another
 * instance or a restart never sends it twice. Answers how many were asked for.
 */
export async function sendSessionReminders(ctx: AppContext): Promise<number> {
  const rows = await createSessionRemindersRepository(ctx.db).due(ctx.clock.now());
  const byRecipient = new Map<string, ReminderRow[]>();
  for (const row of rows) {
    const key = `${row.organization_id}:${row.service_id}:${row.user_id}`;
    byRecipient.set(key, [...(byRecipient.get(key) ?? []), row]);
  }
  for (const [key, group] of byRecipient) await mailSessionReminder(ctx, key, group);
  return byRecipient.size;
}

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
    {
      organizationName: first.organization_name,
      memberNames: group.map((row) => `${row.first_name} ${row.last_name}`.trim()),
      activityName: first.activity_name,
      start: formatDateTime(new Date(first.start_date_time), first.time_zone, locale),
      location: first.location,
      link: organizationUrl(ctx.config, first.organization_key, '/calendar'),
    },
  );
}

export async function registerSessionRemindersJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(QUEUE, EVERY_MS, async () => {
    await sendSessionReminders(ctx);
  });
}
