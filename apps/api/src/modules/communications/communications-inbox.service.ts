import type { CommunicationListQuery, InboxKind, InboxList, InboxMessage } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { type AuthContext, familyOf } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { createCommunicationsRepository } from './communications.repository';
import { createCommunicationsInboxRepository } from './communications-inbox.repository';

/**
 * The family's inbox (`/communications` for a family): what it received, the clubs' messages and the
 * automatic e-mails, read or unread, with the count beside the menu entry. Only its own family's.
 */
export function createCommunicationsInboxService(ctx: AppContext) {
  const repository = createCommunicationsRepository(ctx.db);
  const inboxRepository = createCommunicationsInboxRepository(ctx.db);
  return {
    async inbox(auth: AuthContext, query: CommunicationListQuery): Promise<InboxList> {
      const { organizationId, familyId } = familyOf(auth);
      const found = await inboxRepository.inbox(
        organizationId,
        familyId,
        auth.locale,
        query.page,
        query.pageSize,
      );
      return {
        items: found.items.map((item) => ({
          id: item.id,
          kind: item.kind as InboxKind,
          subject: item.subject,
          createdAt: new Date(item.createdAt).toISOString(),
          read: item.readAt !== null,
        })),
        total: found.total,
        unread: found.unread,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async unread(auth: AuthContext) {
      const { organizationId, familyId } = familyOf(auth);
      return { unread: await inboxRepository.unread(organizationId, familyId) };
    },

    /** A message of the family's inbox, marked read. */
    async read(auth: AuthContext, id: string): Promise<InboxMessage> {
      const { organizationId, familyId } = familyOf(auth);
      const row = await inboxRepository.inboxMessage(organizationId, familyId, id, auth.locale);
      if (!row) throw new AppError('not_found');
      if (!row.readAt) await inboxRepository.markRead(organizationId, familyId, id, ctx.clock.now());
      return {
        id: row.id,
        kind: row.kind as InboxKind,
        subject: row.subject,
        createdAt: new Date(row.createdAt).toISOString(),
        read: true,
        communicationId: row.communicationId,
        html: row.html,
        attachments: row.communicationId
          ? await repository.attachments(organizationId, row.communicationId)
          : [],
      };
    },
  };
}
