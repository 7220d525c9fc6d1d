import {
  type CreateSupportThreadInput,
  type Locale,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  supportStanding,
  type SupportMessageInput,
  type SupportThreadStatus,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { newId } from '../../lib/ids';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import {
  type SupportThreadDetailDto,
  type SupportThreadDto,
  toSupportMessageDto,
  toSupportThreadDto,
} from './support.dto';
import { createSupportRepository, type SupportThreadListRow } from './support.repository';
import { detectAttachmentType, mayReadThread, type Reader, statusAfterMessage } from './support.rules';
import { createStaffRepository } from './staff.repository';

export interface UploadedFile {
  data: Buffer;
  fileName: string | null;
}

/** A file name worth keeping: its last path segment, without control characters, at most 255 long. */
function cleanFileName(name: string | null): string | null {
  const base = (name ?? '')
    .split(/[\\/]/)
    .at(-1)!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 255);
  return base || null;
}

const threadLink = (ctx: AppContext, organizationKey: string, threadId: string) =>
  organizationUrl(ctx.config, organizationKey, `/contact-support?thread=${encodeURIComponent(threadId)}`);

/**
 * « Contacter l'administration »: support staff and club administrators write to the system
 * administrators, who read every thread, answer and close. Each message also goes by e-mail.
 */
export function createSupportService(ctx: AppContext) {
  const repository = createSupportRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  function reader(auth: AuthContext): Reader {
    const standing = supportStanding(auth.actor, auth.homeOrganizationId === SYSTEM_ORGANIZATION_ID);
    return { standing, userId: auth.userId, homeOrganizationId: auth.homeOrganizationId };
  }

  /** The caller's standing; 403 for anyone who may neither write nor answer. */
  function standingOf(auth: AuthContext) {
    const who = reader(auth);
    if (who.standing === 'none') throw new AppError('forbidden');
    return who;
  }

  /** The thread if the caller may read it; another organisation's (or another agent's) is 404. */
  async function readable(auth: AuthContext, threadId: string, lock = false, executor?: Executor) {
    const who = standingOf(auth);
    const thread = await (executor ? createSupportRepository(executor) : repository).findThread(
      threadId,
      lock,
    );
    if (!thread || !mayReadThread(who, thread)) throw new AppError('not_found');
    return { who, thread };
  }

  async function authorName(auth: AuthContext, executor: Executor): Promise<string> {
    const account = await createUserRepository(executor).findAccountById(
      auth.homeOrganizationId,
      auth.userId,
    );
    const name = `${account?.member.firstName ?? ''} ${account?.member.lastName ?? ''}`.trim();
    return name || auth.email;
  }

  /** Joins the caller's uploaded attachment to the message; 400 naming the field when there is none. */
  async function claim(
    executor: Executor,
    auth: AuthContext,
    attachmentId: string | null | undefined,
    messageId: string,
    locale: Locale,
  ) {
    if (!attachmentId) return null;
    const claimed = await createSupportRepository(executor).claimAttachment(
      auth.homeOrganizationId,
      attachmentId,
      auth.userId,
      messageId,
    );
    if (!claimed) {
      throw new AppError('validation_failed', [
        {
          field: 'attachmentId',
          rule: 'custom',
          message: locale === 'fr' ? 'Pièce jointe introuvable' : 'Attachment not found',
        },
      ]);
    }
    return { attachmentOrganizationId: auth.homeOrganizationId, attachmentId };
  }

  /** The e-mails of a message: to every system administrator for the author's side, to the author for an answer. */
  async function notify(
    executor: Executor,
    thread: Pick<
      SupportThreadListRow,
      'id' | 'organizationId' | 'organizationName' | 'subject' | 'authorUserId'
    >,
    message: { body: string; authorName: string; fromPlatform: boolean },
  ) {
    if (message.fromPlatform) {
      const author = await createUserRepository(executor).findAccountById(
        thread.organizationId,
        thread.authorUserId,
      );
      const organization = await createOrganizationRepository(executor).findById(thread.organizationId);
      if (!author || !organization) return;
      await ctx.mailer.send(
        {
          to: author.user.email,
          locale: author.user.locale as Locale,
          organizationId: thread.organizationId,
          executor,
        },
        'support-answer',
        {
          subject: thread.subject,
          message: message.body,
          link: threadLink(ctx, organization.key, thread.id),
        },
      );
      return;
    }
    const system = await createOrganizationRepository(executor).findById(SYSTEM_ORGANIZATION_ID);
    if (!system) return;
    for (const admin of await createStaffRepository(executor).systemAdmins()) {
      await ctx.mailer.send(
        { to: admin.email, locale: admin.locale as Locale, organizationId: SYSTEM_ORGANIZATION_ID, executor },
        'support-message',
        {
          organizationName: thread.organizationName,
          authorName: message.authorName,
          subject: thread.subject,
          message: message.body,
          link: threadLink(ctx, system.key, thread.id),
        },
      );
    }
  }

  async function detail(auth: AuthContext, threadId: string): Promise<SupportThreadDetailDto> {
    const { who, thread } = await readable(auth, threadId);
    const messages = await repository.messages(thread.organizationId, thread.id);
    return {
      ...toSupportThreadDto(thread),
      messages: messages.map((row) => toSupportMessageDto(row, auth.userId)),
      canClose: who.standing === 'platform' && thread.status !== 'closed',
    };
  }

  return {
    get: detail,

    /** The system administrators see every thread; a club administrator their club's; support their own. */
    async list(auth: AuthContext, status?: SupportThreadStatus): Promise<SupportThreadDto[]> {
      const who = standingOf(auth);
      const rows = await repository.list({
        organizationId: who.standing === 'platform' ? null : who.homeOrganizationId,
        authorUserId: who.standing === 'support' ? who.userId : undefined,
        status,
      });
      return rows.map(toSupportThreadDto);
    },

    /** A new thread with its first message (and attachment), mailed to the system administrators. */
    async create(
      auth: AuthContext,
      input: CreateSupportThreadInput,
      locale: Locale,
    ): Promise<SupportThreadDetailDto> {
      const who = standingOf(auth);
      // The platform answers; it does not write to itself.
      if (who.standing === 'platform') throw new AppError('forbidden');
      const organization = await organizations.findById(auth.homeOrganizationId);
      if (!organization) throw new AppError('not_found');
      const now = ctx.clock.now();
      const threadId = newId('spt', now.getTime());
      await ctx.db.transaction(async (tx) => {
        const support = createSupportRepository(tx);
        const name = await authorName(auth, tx);
        await support.insertThread({
          organizationId: organization.id,
          id: threadId,
          authorUserId: auth.userId,
          subject: input.subject,
          status: 'open',
          lastMessageAt: now,
          createdAt: now,
        });
        const messageId = newId('spm', now.getTime());
        const attachment = await claim(tx, auth, input.attachmentId, messageId, locale);
        await support.insertMessage({
          organizationId: organization.id,
          id: messageId,
          threadId,
          authorUserId: auth.userId,
          authorOrganizationId: auth.homeOrganizationId,
          authorName: name,
          fromPlatform: false,
          body: input.message,
          ...attachment,
          createdAt: now,
        });
        await notify(
          tx,
          {
            id: threadId,
            organizationId: organization.id,
            organizationName: organization.name,
            subject: input.subject,
            authorUserId: auth.userId,
          },
          { body: input.message, authorName: name, fromPlatform: false },
        );
      });
      return detail(auth, threadId);
    },

    /** A message in a thread that is not closed: an answer from the platform, or the author's side. */
    async reply(
      auth: AuthContext,
      threadId: string,
      input: SupportMessageInput,
      locale: Locale,
    ): Promise<SupportThreadDetailDto> {
      await ctx.db.transaction(async (tx) => {
        const { who, thread } = await readable(auth, threadId, true, tx);
        if (thread.status === 'closed') throw refused('support_thread_closed');
        const now = ctx.clock.now();
        const fromPlatform = who.standing === 'platform';
        const name = await authorName(auth, tx);
        const messageId = newId('spm', now.getTime());
        const attachment = await claim(tx, auth, input.attachmentId, messageId, locale);
        const support = createSupportRepository(tx);
        await support.insertMessage({
          organizationId: thread.organizationId,
          id: messageId,
          threadId: thread.id,
          authorUserId: auth.userId,
          authorOrganizationId: auth.homeOrganizationId,
          authorName: name,
          fromPlatform,
          body: input.message,
          ...attachment,
          createdAt: now,
        });
        await support.updateThread(thread.organizationId, thread.id, {
          status: statusAfterMessage(fromPlatform),
          lastMessageAt: now,
        });
        await notify(tx, thread, { body: input.message, authorName: name, fromPlatform });
      });
      return detail(auth, threadId);
    },

    /** Closes a thread (system administrators); closing a closed thread changes nothing. */
    async close(auth: AuthContext, threadId: string): Promise<SupportThreadDetailDto> {
      await ctx.db.transaction(async (tx) => {
        const { who, thread } = await readable(auth, threadId, true, tx);
        if (who.standing !== 'platform') throw new AppError('forbidden');
        if (thread.status === 'closed') return;
        await createSupportRepository(tx).updateThread(thread.organizationId, thread.id, {
          status: 'closed',
          closedAt: ctx.clock.now(),
          closedByUserId: auth.userId,
        });
      });
      return detail(auth, threadId);
    },

    /** Stores a file to join to the caller's next message: a PDF or an image by its bytes, 5 MB at most. */
    async upload(auth: AuthContext, file: UploadedFile) {
      standingOf(auth);
      if (file.data.length > SUPPORT_ATTACHMENT_MAX_BYTES) throw refused('support_attachment_too_large');
      const contentType = detectAttachmentType(file.data);
      if (!contentType) throw refused('support_attachment_type');
      const attachment = {
        organizationId: auth.homeOrganizationId,
        id: newId('spa', ctx.clock.now().getTime()),
        uploadedByUserId: auth.userId,
        contentType,
        byteSize: file.data.length,
        fileName: cleanFileName(file.fileName),
      };
      await repository.insertAttachment({ ...attachment, data: file.data });
      return {
        id: attachment.id,
        fileName: attachment.fileName,
        contentType,
        byteSize: attachment.byteSize,
      };
    },

    /** An attachment of a message of a thread the caller may read. */
    async attachment(auth: AuthContext, threadId: string, attachmentId: string) {
      const { thread } = await readable(auth, threadId);
      const message = await repository.messageWithAttachment(thread.organizationId, thread.id, attachmentId);
      if (!message?.attachmentOrganizationId) throw new AppError('not_found');
      const file = await repository.attachmentWithData(message.attachmentOrganizationId, attachmentId);
      if (!file) throw new AppError('not_found');
      return file;
    },
  };
}
