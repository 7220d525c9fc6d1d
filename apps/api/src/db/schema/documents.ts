import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DocumentKind } from '@inscrio/shared';
import { bytea, createdAt, org, scoped, updatedAt } from './columns';
import { users } from './identity';

/** Where a stored document stands: a background job fills it (`pending`, `running`) or it is `ready`. */
export type DocumentStatus = 'pending' | 'running' | 'ready' | 'failed';

/**
 * A stored document (spec section 3, document kinds): a legal document a manager uploaded, or a file the
 * product made (a certificate, a report). Its bytes are in `document_chunks`, written and read a chunk at a
 * time, so a large report is never whole in memory and every instance serves it. Invoices, credit notes and
 * orders are not stored here: they are regenerated from their rows. `familyId` (and `memberId`) say whose
 * it is; null: the organisation's (managers see every document, a family only its own and the published
 * legal documents).
 */
export const documents = pgTable(
  'documents',
  {
    organizationId: org(),
    id: text('id').notNull(),
    kind: text('kind').$type<DocumentKind>().notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('ready'),
    /** A background job's progress (« 120 / 480 »), null when the document was stored at once. */
    progressDone: integer('progress_done'),
    progressTotal: integer('progress_total'),
    /** Why a background job failed, for the manager (no personal data). */
    failureReason: text('failure_reason'),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull().default(0),
    /** Which save's chunks are the document's bytes (document-store.ts `save`): '' before the first. */
    saveId: text('save_id').notNull().default(''),
    familyId: text('family_id'),
    memberId: text('member_id'),
    periodId: text('period_id'),
    blueprintId: text('blueprint_id'),
    /** The establishment it concerns (an establishment manager sees only his); null: the whole organisation. */
    establishmentId: text('establishment_id'),
    /** The calendar year a certificate covers. */
    year: integer('year'),
    /** A legal document's version (1, 2, …) within its kind; null for the others. */
    version: integer('version'),
    /** When a legal document was published (null: a draft, not shown to families). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** What the document was made from (a certificate's id, a report's parameters' key), for the module that made it. */
    sourceId: text('source_id'),
    createdByUserId: text('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('documents_org_kind_created').on(t.organizationId, t.kind, t.createdAt),
    index('documents_org_family_created')
      .on(t.organizationId, t.familyId, t.createdAt)
      .where(sql`${t.familyId} is not null`),
    index('documents_org_source').on(t.organizationId, t.sourceId),
    // A legal document's version is unique within its kind: two uploads at once cannot both be « v3 ».
    uniqueIndex('documents_org_kind_version')
      .on(t.organizationId, t.kind, t.version)
      .where(sql`${t.version} is not null`),
  ],
);

/** A document's bytes, in order: `position` 0, 1, … each at most `DOCUMENT_CHUNK_BYTES`. */
export const documentChunks = pgTable(
  'document_chunks',
  {
    organizationId: scoped(),
    documentId: text('document_id').notNull(),
    /** The save that wrote it: two saves of one document (a job's lease taken over) never mix their bytes. */
    saveId: text('save_id').notNull().default(''),
    position: integer('position').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.documentId, t.saveId, t.position] }),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Which version of the rules of procedure (`legal.roi`) or of the legal mentions (`legal.mentions`) a user
 * accepted, and when: one row per acceptance, kept when a later version is published and accepted again.
 * `documentId` and `version` are null when the organisation's publication had no uploaded document.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<'legal.roi' | 'legal.mentions'>().notNull(),
    documentId: text('document_id'),
    version: integer('version'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('legal_acceptances_org_user').on(t.organizationId, t.userId, t.kind, t.acceptedAt),
    index('legal_acceptances_org_document').on(t.organizationId, t.documentId),
    foreignKey({
      columns: [t.organizationId, t.userId],
      foreignColumns: [users.organizationId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organizationId, t.documentId],
      foreignColumns: [documents.organizationId, documents.id],
    }),
  ],
);
