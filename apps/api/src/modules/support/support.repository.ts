import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { SupportAttachmentType, SupportThreadStatus } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { organizations, supportAttachments, supportMessages, supportThreads } from '../../db/schema';

export type SupportThreadRow = typeof supportThreads.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportThreadListRow = SupportThreadRow & { organizationName: string };
export type SupportAttachmentMeta = Omit<typeof supportAttachments.$inferSelect, 'data'>;

/** How many threads a list shows at most (latest first). */
export const SUPPORT_THREADS_PAGE = 200;

/** Support threads, their messages and attachments. Every query names the thread's organisation. */
export function createSupportRepository(db: Executor) {
  const threadColumns = {
    organizationId: supportThreads.organizationId,
    id: supportThreads.id,
    authorUserId: supportThreads.authorUserId,
    subject: supportThreads.subject,
    status: supportThreads.status,
    lastMessageAt: supportThreads.lastMessageAt,
    closedAt: supportThreads.closedAt,
    closedByUserId: supportThreads.closedByUserId,
    createdAt: supportThreads.createdAt,
    organizationName: organizations.name,
  };

  return {
    /**
     * Threads, latest first: of one organisation (and one author when given), or every organisation's
     * when `organizationId` is null (the system administrators' inbox).
     */
    async list(filter: {
      organizationId: string | null;
      authorUserId?: string;
      status?: SupportThreadStatus;
    }): Promise<SupportThreadListRow[]> {
      const conditions: (SQL | undefined)[] = [
        filter.organizationId ? eq(supportThreads.organizationId, filter.organizationId) : undefined,
        filter.authorUserId ? eq(supportThreads.authorUserId, filter.authorUserId) : undefined,
        filter.status ? eq(supportThreads.status, filter.status) : undefined,
      ];
      return db
        .select(threadColumns)
        .from(supportThreads)
        .innerJoin(organizations, eq(organizations.id, supportThreads.organizationId))
        .where(and(...conditions))
        .orderBy(desc(supportThreads.lastMessageAt), desc(supportThreads.id))
        .limit(SUPPORT_THREADS_PAGE);
    },

    /** A thread by id, whatever its organisation (the id is unique); the caller checks who may read it. */
    async findThread(id: string, lock = false): Promise<SupportThreadListRow | undefined> {
      const query = db
        .select(threadColumns)
        .from(supportThreads)
        .innerJoin(organizations, eq(organizations.id, supportThreads.organizationId))
        .where(eq(supportThreads.id, id));
      const [row] = lock ? await query.for('update', { of: supportThreads }) : await query;
      return row;
    },

    async messages(organizationId: string, threadId: string) {
      return db
        .select({
          message: supportMessages,
          attachment: {
            id: supportAttachments.id,
            fileName: supportAttachments.fileName,
            contentType: supportAttachments.contentType,
            byteSize: supportAttachments.byteSize,
          },
        })
        .from(supportMessages)
        .leftJoin(
          supportAttachments,
          and(
            eq(supportAttachments.organizationId, supportMessages.attachmentOrganizationId),
            eq(supportAttachments.id, supportMessages.attachmentId),
          ),
        )
        .where(
          and(eq(supportMessages.organizationId, organizationId), eq(supportMessages.threadId, threadId)),
        )
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    },

    async insertThread(row: typeof supportThreads.$inferInsert): Promise<void> {
      await db.insert(supportThreads).values(row);
    },

    async insertMessage(row: typeof supportMessages.$inferInsert): Promise<void> {
      await db.insert(supportMessages).values(row);
    },

    async updateThread(
      organizationId: string,
      id: string,
      fields: Partial<Pick<SupportThreadRow, 'status' | 'lastMessageAt' | 'closedAt' | 'closedByUserId'>>,
    ): Promise<void> {
      await db
        .update(supportThreads)
        .set(fields)
        .where(and(eq(supportThreads.organizationId, organizationId), eq(supportThreads.id, id)));
    },

    async insertAttachment(row: {
      organizationId: string;
      id: string;
      uploadedByUserId: string;
      contentType: SupportAttachmentType;
      byteSize: number;
      fileName: string | null;
      data: Buffer;
    }): Promise<void> {
      await db.insert(supportAttachments).values(row);
    },

    /**
     * Joins an uploaded attachment to a message: only its uploader's, and only once. False when there is
     * no such attachment free to join.
     */
    async claimAttachment(
      organizationId: string,
      id: string,
      uploadedByUserId: string,
      messageId: string,
    ): Promise<boolean> {
      const rows = await db
        .update(supportAttachments)
        .set({ messageId })
        .where(
          and(
            eq(supportAttachments.organizationId, organizationId),
            eq(supportAttachments.id, id),
            eq(supportAttachments.uploadedByUserId, uploadedByUserId),
            isNull(supportAttachments.messageId),
          ),
        )
        .returning({ id: supportAttachments.id });
      return rows.length === 1;
    },

    async attachmentWithData(organizationId: string, id: string) {
      const [row] = await db
        .select()
        .from(supportAttachments)
        .where(and(eq(supportAttachments.organizationId, organizationId), eq(supportAttachments.id, id)));
      return row;
    },

    /** The message of `threadId` that carries the attachment, if any (what makes it readable). */
    async messageWithAttachment(organizationId: string, threadId: string, attachmentId: string) {
      const [row] = await db
        .select({ attachmentOrganizationId: supportMessages.attachmentOrganizationId })
        .from(supportMessages)
        .where(
          and(
            eq(supportMessages.organizationId, organizationId),
            eq(supportMessages.threadId, threadId),
            eq(supportMessages.attachmentId, attachmentId),
          ),
        );
      return row;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
