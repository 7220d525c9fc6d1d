import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { SupportAttachmentType, SupportThreadStatus } from '@inscrio/shared';
import { bytea, createdAt, org, scoped } from './columns';

/**
 * « Contacter l'administration »: a thread between its author (support staff, or a club's administrator)
 * and the platform's system administrators. Its organisation is the author's: the club's, or the system
 * organisation for support staff.
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    organizationId: org(),
    id: text('id').notNull(),
    authorUserId: text('author_user_id').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<SupportThreadStatus>().notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: text('closed_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('support_threads_org_last').on(t.organizationId, t.lastMessageAt),
    // The system administrators' inbox: every thread, latest first.
    index('support_threads_last').on(t.lastMessageAt),
  ],
);

/** One message of a thread; `from_platform` when a system administrator wrote it. */
export const supportMessages = pgTable(
  'support_messages',
  {
    organizationId: scoped(),
    id: text('id').notNull(),
    threadId: text('thread_id').notNull(),
    authorUserId: text('author_user_id').notNull(),
    /** The author's organisation (the system organisation for a system administrator's answer). */
    authorOrganizationId: text('author_organization_id').notNull(),
    authorName: text('author_name').notNull(),
    fromPlatform: boolean('from_platform').notNull().default(false),
    body: text('body').notNull(),
    /** The joined file, kept in its uploader's organisation (`support_attachments`). */
    attachmentOrganizationId: text('attachment_organization_id'),
    attachmentId: text('attachment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('support_messages_thread').on(t.organizationId, t.threadId, t.createdAt),
    foreignKey({
      columns: [t.organizationId, t.threadId],
      foreignColumns: [supportThreads.organizationId, supportThreads.id],
    }),
  ],
);

/**
 * A file joined to a support message (PDF or image, 5 MB at most), in its uploader's organisation.
 * Uploaded first (`message_id` null until the message that carries it is written, and only its uploader
 * may join it), then readable by whoever reads the thread.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    organizationId: org(),
    id: text('id').notNull(),
    messageId: text('message_id'),
    uploadedByUserId: text('uploaded_by_user_id').notNull(),
    contentType: text('content_type').$type<SupportAttachmentType>().notNull(),
    byteSize: integer('byte_size').notNull(),
    fileName: text('file_name'),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('support_attachments_message').on(t.organizationId, t.messageId),
  ],
);
