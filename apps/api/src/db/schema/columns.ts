import { bigint, customType, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** The organisation a row belongs to, with its own foreign key to `organizations`. */
export const org = () =>
  text('organization_id')
    .notNull()
    .references(() => organizations.id);

/*
 * The organisation of a row that always hangs on a parent row: its composite foreign key to the parent
 * (organization_id, parent_id) already proves the organisation exists, so it has no foreign key of its
 * own to `organizations`: that one share-locked the organisation's single row for each row written,
 * five times per purchase, from every concurrent buyer of the organisation.
 */
export const scoped = () => text('organization_id').notNull();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Binary content (uploaded files), read back as a Buffer on PostgreSQL and PGlite alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A money total in cents: orders, invoices, credit notes, payments and bank transfers sum lines, and
 * 200 lines of the line maximum (MONEY_LIMITS) pass the 2^31 cents an integer column holds. Read as a
 * JS number, exact below 2^53 (MONEY_LIMITS.documentCents is far below).
 */
export const totalCents = (name: string) => bigint(name, { mode: 'number' });
