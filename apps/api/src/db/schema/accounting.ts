import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { scoped, totalCents } from './columns';

/**
 * The accounting totals as running sums, so that they read in O(days) at any number of invoices: per
 * organisation, issue date, due date and status, how many invoices, their cents, credited cents and
 * cents still due (total − credited − received, at least 0). Rows are deltas appended by triggers on
 * `invoices` and `orders` (migration 0018) in the writer's own transaction, exact at every commit and
 * never a hot row; `fold_invoice_totals()` (a job, every minute) merges a key's deltas into one row.
 * No foreign key to `organizations`: it would share-lock the organisation's row on every invoice write.
 */
export const invoiceTotals = pgTable(
  'invoice_totals',
  {
    organizationId: scoped(),
    /** Keys a delta within its organisation (tenant tables' keys start with organization_id). */
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    status: text('status').notNull(),
    invoices: integer('invoices').notNull(),
    amount: totalCents('amount').notNull(),
    credited: totalCents('credited').notNull(),
    outstanding: totalCents('outstanding').notNull(),
    /** False on a delta not yet merged by `fold_invoice_totals()`. */
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // Every column in the key: the totals are summed from the index alone (an index-only scan), never
    // from heap pages left sparse by the folds' deletes (1,700 keys over 2,700 pages at 200,000 invoices).
    index('invoice_totals_org_issue').on(
      t.organizationId,
      t.issueDate,
      t.dueDate,
      t.status,
      t.invoices,
      t.amount,
      t.credited,
      t.outstanding,
    ),
    index('invoice_totals_unfolded')
      .on(t.organizationId, t.issueDate, t.dueDate, t.status)
      .where(sql`not ${t.folded}`),
  ],
);
