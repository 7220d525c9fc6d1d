import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CertificateKind } from '@inscrio/shared';
import { families, members } from './identity';
import { createdAt, org, totalCents, updatedAt } from './columns';

/**
 * A certificate issued (modules/certificates): a health-mutual certificate for a member's activity (or
 * period), a 281.86 or a payment certificate for a child's year. Its facts are frozen at issue (`facts`),
 * so asking for it again renders the same document with the same number. One per member, kind, scope,
 * year, part (a 281.86 with more than four periods) and revision: the unique index is what makes a bulk job
 * that is interrupted and run again issue nothing twice. A health-mutual certificate asked again after more
 * was paid (or credited) is issued anew as the next revision, with its own number; the earlier one stays.
 */
export const certificates = pgTable(
  'certificates',
  {
    organizationId: org(),
    id: text('id').notNull(),
    kind: text('kind').$type<CertificateKind>().notNull(),
    /** What it covers within the year: `<blueprintId>:<periodId>` for a health-mutual one, '' for a year's. */
    scopeKey: text('scope_key').notNull(),
    /** 1, 2…: a 281.86 carries at most four periods; the fifth starts part 2. */
    part: integer('part').notNull().default(1),
    /** 1, 2…: a health-mutual certificate issued again because what was paid changed since. */
    revision: integer('revision').notNull().default(1),
    /** `MUT-2026-000001`, `28186-2026-000001`, `AP-2026-000001`: per organisation, kind and year. */
    number: text('number').notNull(),
    memberId: text('member_id').notNull(),
    familyId: text('family_id').notNull(),
    blueprintId: text('blueprint_id'),
    periodId: text('period_id'),
    /** The activity's establishment (an establishment manager sees only his); null for a year's. */
    establishmentId: text('establishment_id'),
    year: integer('year').notNull(),
    /** Cents: the amount the certificate states as paid. */
    amountCents: totalCents('amount_cents').notNull(),
    /** Everything printed, frozen at issue (no national register number: those stay encrypted). */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    /** The stored document (documents table) holding the original's bytes. */
    documentId: text('document_id').notNull(),
    locale: text('locale').notNull().default('fr'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('certificates_one_per_scope').on(
      t.organizationId,
      t.kind,
      t.memberId,
      t.scopeKey,
      t.year,
      t.part,
      t.revision,
    ),
    index('certificates_org_family').on(t.organizationId, t.familyId),
    index('certificates_org_kind_year').on(t.organizationId, t.kind, t.year),
    foreignKey({
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
  ],
);

/**
 * The national register numbers a 281.86 needs (the child's and the debtor's), asked only for it and
 * stored encrypted with the application key (lib/secret-box.ts, the organisation and member as context).
 */
export const memberTaxIdentities = pgTable(
  'member_tax_identities',
  {
    organizationId: org(),
    memberId: text('member_id').notNull(),
    childNumberEncrypted: text('child_number_encrypted').notNull(),
    debtorNumberEncrypted: text('debtor_number_encrypted').notNull(),
    debtorFirstName: text('debtor_first_name').notNull(),
    debtorLastName: text('debtor_last_name').notNull(),
    updatedByUserId: text('updated_by_user_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.memberId] }),
    foreignKey({
      columns: [t.organizationId, t.memberId],
      foreignColumns: [members.organizationId, members.id],
    }).onDelete('cascade'),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
