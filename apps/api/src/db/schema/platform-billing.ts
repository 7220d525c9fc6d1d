import { foreignKey, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, org } from './columns';
import { invoices } from './invoicing';
import { organizations } from './organizations';

/**
 * The platform's monthly statements: each is an invoice of the system organisation (`organization_id`,
 * always `org_sysadmin`) to a club for one month. The unique (client, month) key is what makes the
 * monthly job idempotent: a month's statement of a club is issued once, whoever runs the job.
 */
export const platformStatements = pgTable(
  'platform_statements',
  {
    organizationId: org(),
    id: text('id').notNull(),
    clientOrganizationId: text('client_organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The month billed, `yyyy-MM`. */
    month: text('month').notNull(),
    invoiceId: text('invoice_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('platform_statements_client_month').on(t.organizationId, t.clientOrganizationId, t.month),
    uniqueIndex('platform_statements_invoice').on(t.organizationId, t.invoiceId),
    foreignKey({
      columns: [t.organizationId, t.invoiceId],
      foreignColumns: [invoices.organizationId, invoices.id],
    }),
  ],
);
