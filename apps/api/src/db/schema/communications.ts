import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  CommunicationAttachmentType,
  CommunicationTarget,
  InboxKind,
  RecipientStatus,
} from '@inscrio/shared';
import { families } from './identity';
import { bytea, createdAt, org, scoped } from './columns';

/*
 * Communications to families (issue #20 part A): a manager's (or holder's) message, its recipients as
 * computed when it was sent (one row per address, each with its own sending status), its attachments;
 * and each family's inbox, which also lists the automatic family e-mails.
 */

/** A message written to families; sent in the background by one job (`communication:<id>`). */
export const communications = pgTable(
  'communications',
  {
    organizationId: org(),
    id: text('id').notNull(),
    /** The establishment it concerns (est-managers follow theirs); null: the whole organisation. */
    establishmentId: text('establishment_id'),
    createdByUserId: text('created_by_user_id').notNull(),
    /** The sender's key for this message: a second click sends nothing more. */
    idempotencyKey: text('idempotency_key').notNull(),
    target: text('target').$type<CommunicationTarget>().notNull(),
    targetId: text('target_id'),
    /** The session's, period's or activity's name when written, for the lists. */
    targetName: text('target_name'),
    subjectFr: text('subject_fr').notNull(),
    /** Sanitised HTML (modules/communications/sanitize.ts). */
    bodyFr: text('body_fr').notNull(),
    subjectEn: text('subject_en'),
    bodyEn: text('body_en'),
    families: integer('families').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('communications_idempotency').on(t.organizationId, t.createdByUserId, t.idempotencyKey),
    index('communications_org_created').on(t.organizationId, t.createdAt),
  ],
);

/** One address a communication goes to, with its sending status (`queued → sending → sent | failed`). */
export const communicationRecipients = pgTable(
  'communication_recipients',
  {
    organizationId: scoped(),
    communicationId: text('communication_id').notNull(),
    /** Lower-cased: the key, so that an address gets the message once. */
    email: text('email').notNull(),
    familyId: text('family_id').notNull(),
    userId: text('user_id'),
    name: text('name').notNull().default(''),
    locale: text('locale').notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /** Transient failures so far (a permanent one fails at once). */
    attempts: integer('attempts').notNull().default(0),
    /** Why it failed (the SMTP answer without the address). */
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.communicationId, t.email] }),
    index('communication_recipients_status').on(t.organizationId, t.communicationId, t.status),
    foreignKey({
      columns: [t.organizationId, t.communicationId],
      foreignColumns: [communications.organizationId, communications.id],
    }).onDelete('cascade'),
  ],
);

/** A file joined to a communication (PDF or image, 5 MB at most); uploaded first, joined when sent. */
export const communicationAttachments = pgTable(
  'communication_attachments',
  {
    organizationId: org(),
    id: text('id').notNull(),
    communicationId: text('communication_id'),
    uploadedByUserId: text('uploaded_by_user_id').notNull(),
    contentType: text('content_type').$type<CommunicationAttachmentType>().notNull(),
    byteSize: integer('byte_size').notNull(),
    fileName: text('file_name'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('communication_attachments_communication').on(t.organizationId, t.communicationId),
  ],
);

/**
 * A family's inbox: each message it received (a communication, read from its row in the reader's
 * language; or an automatic e-mail, kept as rendered), once per family and event (`event_key`).
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    familyId: text('family_id').notNull(),
    kind: text('kind').$type<InboxKind>().notNull(),
    eventKey: text('event_key').notNull(),
    communicationId: text('communication_id'),
    subject: text('subject'),
    html: text('html'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('inbox_messages_event').on(t.organizationId, t.familyId, t.eventKey),
    index('inbox_messages_family_created').on(t.organizationId, t.familyId, t.createdAt),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
  ],
);
