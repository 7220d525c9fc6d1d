import type { AppContext } from '../../app-context';
import { dueMonth, issueMonthStatements } from './statements';

export const STATEMENTS_QUEUE = 'platform.monthly-statements';
const DAY_MS = 86_400_000;

/**
 * The monthly statements job. It runs every day rather than once a month (the queue's recurring jobs
 * have a fixed interval, and a month has not): each run issues the statements of the last month that is
 * over which are still missing, so the first run after a month ends issues them and the others find
 * nothing to do (a day when every instance was down is caught up the next day).
 */
export async function registerStatementsJob(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(STATEMENTS_QUEUE, DAY_MS, async () => {
    const now = ctx.clock.now();
    const month = dueMonth(now);
    const counts = await issueMonthStatements(ctx.db, month, now);
    if (counts.issued > 0)
      ctx.logger.info({ month, statements: counts.issued }, 'platform statements issued');
  });
}
