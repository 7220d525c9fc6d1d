import type { AppContext } from '../../app-context';
import { createAccountingTotals } from './invoice-totals.repository';

const MINUTE = 60_000;

/** Every minute, once across instances: the totals' deltas of the last minute merged per key. */
export async function registerInvoiceTotalsJob(ctx: AppContext): Promise<void> {
  const totals = createAccountingTotals(ctx.db);
  await ctx.queue.registerRecurring('accounting.invoice-totals', MINUTE, () => totals.fold());
}
