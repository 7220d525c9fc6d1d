import type { AppContext } from '../../app-context';
import { mailFamily } from '../registrations/notifications';
import { recoveryMailFacts } from './recovery-issue';
import { createRecoveryJobRepository } from './recovery-job.repository';
import { createRecoveryRepository } from './recovery.repository';
import { REMINDER_BEFORE_MS } from './recovery.rules';

export const RECOVERY_QUEUE = 'recovery.expiry';
const DAY = 86_400_000;
const BATCH = 200;

/**
 * Available tokens whose expiry has come become expired. Rows are claimed with SKIP LOCKED, so instances
 * running it at once never handle the same token twice. Answers how many expired.
 */
export async function expireRecoveryTokens(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  let total = 0;
  for (;;) {
    const expired = await ctx.db.transaction((tx) => createRecoveryJobRepository(tx).expireDue(now, BATCH));
    total += expired.length;
    if (expired.length < BATCH) break;
  }
  if (total > 0) ctx.logger.info({ tokens: total }, 'recovery tokens expired');
  return total;
}

/**
 * The family of each available token expiring within 7 days is reminded once: the token is marked
 * reminded and the e-mail queued in one transaction, so a rerun never sends it again. Answers how many.
 */
export async function remindRecoveryTokens(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS);
  let total = 0;
  for (;;) {
    const reminded = await ctx.db.transaction(async (tx) => {
      const repository = createRecoveryRepository(tx);
      const claimed = await createRecoveryJobRepository(tx).claimReminders(now, until, BATCH);
      for (const { organization_id: organizationId, id } of claimed) {
        const token = (await repository.findView(organizationId, id))!;
        const settings = (await repository.settings(organizationId))!;
        await mailFamily(
          ctx,
          tx,
          organizationId,
          token.familyId,
          'recovery-token-expiring',
          recoveryMailFacts(ctx, settings, {
            origin: token.origin,
            valueCents: token.valueCents,
            expiresAt: token.expiresAt,
            memberFirstName: token.memberFirstName,
            memberLastName: token.memberLastName,
            activityName: token.originActivityName,
            start: token.originStart,
          }),
          {
            inbox: { kind: 'recovery-token', eventKey: `recovery-token-expiring:${id}` },
            // Not required by any transaction: each account may stop these with one click.
            unsubscribe: 'recovery-token-expiring',
          },
        );
      }
      return claimed.length;
    });
    total += reminded;
    if (reminded < BATCH) break;
  }
  return total;
}

/** Every day, once across instances: expiry, then the week-before reminders. */
export async function registerRecoveryJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(RECOVERY_QUEUE, DAY, async () => {
    await expireRecoveryTokens(ctx);
    await remindRecoveryTokens(ctx);
  });
}
