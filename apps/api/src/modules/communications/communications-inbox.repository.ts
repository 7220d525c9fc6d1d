import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { inboxMessages } from '../../db/schema';

/** Each family's inbox (`/communications`): what it received, read and unread; every query scoped to the family. */
export function createCommunicationsInboxRepository(db: Executor) {
  return {
    async inbox(organizationId: string, familyId: string, locale: string, page: number, pageSize: number) {
      const items = rowsOf<{
        id: string;
        kind: string;
        subject: string;
        createdAt: Date;
        readAt: Date | null;
      }>(
        await db.execute(sql`${SELECT_INBOX(locale)}
          where i.organization_id = ${organizationId} and i.family_id = ${familyId}
          order by i.created_at desc, i.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`),
      );
      const [counts] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${inboxMessages.readAt} is null)`.mapWith(Number),
        })
        .from(inboxMessages)
        .where(and(eq(inboxMessages.organizationId, organizationId), eq(inboxMessages.familyId, familyId)));
      return { items, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
    },

    async unread(organizationId: string, familyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.organizationId, organizationId),
            eq(inboxMessages.familyId, familyId),
            isNull(inboxMessages.readAt),
          ),
        );
      return row?.n ?? 0;
    },

    async inboxMessage(organizationId: string, familyId: string, id: string, locale: string) {
      const [row] = rowsOf<{
        id: string;
        kind: string;
        subject: string;
        html: string;
        communicationId: string | null;
        createdAt: Date;
        readAt: Date | null;
      }>(
        await db.execute(sql`${SELECT_INBOX(locale)}
          where i.organization_id = ${organizationId} and i.family_id = ${familyId} and i.id = ${id}`),
      );
      return row;
    },

    async markRead(organizationId: string, familyId: string, id: string, at: Date) {
      await db
        .update(inboxMessages)
        .set({ readAt: at })
        .where(
          and(
            eq(inboxMessages.organizationId, organizationId),
            eq(inboxMessages.familyId, familyId),
            eq(inboxMessages.id, id),
            isNull(inboxMessages.readAt),
          ),
        );
    },

    /** Whether the family received the communication (so may open its attachments). */
    async received(organizationId: string, familyId: string, communicationId: string) {
      const [row] = await db
        .select({ id: inboxMessages.id })
        .from(inboxMessages)
        .where(
          and(
            eq(inboxMessages.organizationId, organizationId),
            eq(inboxMessages.familyId, familyId),
            eq(inboxMessages.communicationId, communicationId),
          ),
        );
      return Boolean(row);
    },
  };
}

/** An inbox row with a communication's subject and text in the reader's language (French when not written). */
const SELECT_INBOX = (locale: string) => {
  const english = locale === 'en';
  return sql`select i.id, i.kind, i.communication_id as "communicationId", i.created_at as "createdAt",
      i.read_at as "readAt",
      coalesce(i.subject, ${english ? sql`coalesce(c.subject_en, c.subject_fr)` : sql`c.subject_fr`}, '') as subject,
      coalesce(i.html, ${english ? sql`coalesce(c.body_en, c.body_fr)` : sql`c.body_fr`}, '') as html
    from inbox_messages i
    left join communications c on c.organization_id = i.organization_id and c.id = i.communication_id`;
};
