import {
  type CommunicationDetail,
  type CommunicationListQuery,
  type CommunicationSummary,
  type CreateCommunicationInput,
  displayName,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  isHolder,
  type Locale,
  type RecipientsCount,
  type RecipientsQuery,
  targetNeedsId,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { type AuthContext, establishmentScope, isFamilyAccount } from '../../lib/access';
import { detectImageType } from '../../lib/image-type';
import { newId } from '../../lib/ids';
import { recordFamilyMessages } from '../inbox/inbox';
import { sanitizeMessage } from '../../lib/rich-text';
import { hasText } from '../inbox/sanitize-html';
import {
  type CommunicationRow,
  createCommunicationsRepository,
  type RecipientScope,
} from './communications.repository';
import { createCommunicationsInboxRepository } from './communications-inbox.repository';
import { versionFor } from './communications.rules';
import {
  COMMUNICATION_ATTEMPTS,
  COMMUNICATION_QUEUE,
  type CommunicationJob,
  createCommunicationSender,
} from './communications.sender';
import { COMMUNICATION_LIMITS } from '@inscrio/shared';

export { COMMUNICATION_ATTEMPTS, COMMUNICATION_QUEUE, type CommunicationJob } from './communications.sender';

export interface UploadedFile {
  data: Buffer;
  fileName: string | null;
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** A PDF or an image by its bytes; undefined for anything else, whatever the declared type. */
function detectAttachmentType(data: Uint8Array) {
  if (PDF_SIGNATURE.every((byte, i) => data[i] === byte)) return 'application/pdf' as const;
  return detectImageType(data);
}

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

/** Who may send, and where: managers (an establishment manager within theirs), holders to their sessions. */
type Sender = { kind: 'manager'; establishmentId: string | null } | { kind: 'holder'; userId: string };

function senderOf(auth: AuthContext): Sender {
  if (isAtLeastEstManager(auth.actor)) return { kind: 'manager', establishmentId: establishmentScope(auth) };
  if (isHolder(auth.actor) && auth.organizationId === auth.homeOrganizationId) {
    return { kind: 'holder', userId: auth.userId };
  }
  throw new AppError('forbidden');
}

/**
 * Communications (issue #20 part A): a manager (or a holder, to a session they hold) writes to the
 * families of a target; the recipients are fixed when it is sent (one row per address), each family's
 * inbox gets it at once, and one background job per communication sends the e-mails at the
 * organisation's pace, marking each address as it goes, so nothing is ever sent twice.
 */
export function createCommunicationsService(ctx: AppContext) {
  const repository = createCommunicationsRepository(ctx.db);
  const inboxRepository = createCommunicationsInboxRepository(ctx.db);

  /** The recipients' scope of a target the sender may write to; 403 or 404 otherwise. */
  async function scopeOf(
    auth: AuthContext,
    target: RecipientsQuery['target'],
    targetId: string | null | undefined,
  ): Promise<{ scope: RecipientScope; targetName: string | null; establishmentId: string | null }> {
    const sender = senderOf(auth);
    const { organizationId } = auth;
    if (sender.kind === 'holder' && target !== 'session') throw new AppError('forbidden');
    if (!targetNeedsId(target)) {
      const establishmentId = sender.kind === 'manager' ? sender.establishmentId : null;
      return {
        scope: { organizationId, target, targetId: null, establishmentId },
        targetName: null,
        establishmentId,
      };
    }
    const found = await repository.targetOf(organizationId, target, targetId!);
    if (!found) throw new AppError('not_found');
    if (
      sender.kind === 'manager' &&
      sender.establishmentId &&
      found.establishmentId !== sender.establishmentId
    ) {
      throw new AppError('not_found');
    }
    if (sender.kind === 'holder' && !(await repository.holds(organizationId, targetId!, sender.userId))) {
      throw new AppError('forbidden');
    }
    return {
      scope: { organizationId, target, targetId: targetId!, establishmentId: null },
      targetName: found.name,
      establishmentId: found.establishmentId,
    };
  }

  /** Whether the caller may follow the communication (its sender's reach). */
  function mayFollow(auth: AuthContext, row: CommunicationRow): boolean {
    const sender = senderOf(auth);
    if (row.organizationId !== auth.organizationId) return false;
    if (sender.kind === 'holder') return row.createdByUserId === auth.userId;
    return !sender.establishmentId || row.establishmentId === sender.establishmentId;
  }

  async function summaries(organizationId: string, rows: CommunicationRow[], locale: Locale) {
    const progress = await repository.progress(
      organizationId,
      rows.map((r) => r.id),
    );
    return rows.map((row): CommunicationSummary => {
      const counts = progress.get(row.id) ?? { queued: 0, sending: 0, sent: 0, failed: 0 };
      return {
        id: row.id,
        subject: versionFor(row, locale).subject,
        target: row.target,
        targetName: row.targetName,
        families: row.families,
        createdAt: new Date(row.createdAt).toISOString(),
        senderName: displayName(
          { firstName: row.senderFirstName, lastName: row.senderLastName, email: row.senderEmail },
          'member',
          locale,
        ),
        progress: {
          total: counts.queued + counts.sending + counts.sent + counts.failed,
          sent: counts.sent,
          failed: counts.failed,
          queued: counts.queued + counts.sending,
        },
      };
    });
  }

  async function detail(auth: AuthContext, id: string, locale: Locale): Promise<CommunicationDetail> {
    const row = await repository.find(auth.organizationId, id);
    if (!row || !mayFollow(auth, row)) throw new AppError('not_found');
    const [summary] = await summaries(auth.organizationId, [row], locale);
    const recipients = await repository.recipients(auth.organizationId, id, 500);
    return {
      ...summary!,
      subjectFr: row.subjectFr,
      bodyFr: row.bodyFr,
      subjectEn: row.subjectEn,
      bodyEn: row.bodyEn,
      attachments: await repository.attachments(auth.organizationId, id),
      recipients: recipients.map((r) => ({
        email: r.email,
        name: r.name,
        status: r.status,
        error: r.error,
        sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      })),
    };
  }

  async function enqueue(organizationId: string, communicationId: string, executor: Executor) {
    // One job at a time per communication (the singleton): a retry asked while it runs is picked up by it.
    await ctx.queue.enqueue(COMMUNICATION_QUEUE, { communicationId } satisfies CommunicationJob, {
      key: `communication:${communicationId}:${newId('job')}`,
      singletonKey: `communication:${communicationId}`,
      organizationId,
      executor,
      maxAttempts: COMMUNICATION_ATTEMPTS,
    });
  }

  return {
    /** How many families and people a target reaches, before sending. */
    async countRecipients(auth: AuthContext, query: RecipientsQuery): Promise<RecipientsCount> {
      const { scope } = await scopeOf(auth, query.target, query.targetId);
      return repository.countRecipients(scope);
    },

    /** Stores a file to join to the sender's next message: a PDF or an image by its bytes, 5 MB at most. */
    async upload(auth: AuthContext, file: UploadedFile) {
      senderOf(auth);
      if (file.data.length > COMMUNICATION_LIMITS.attachmentBytes) {
        throw refused('communication_attachment_too_large');
      }
      const contentType = detectAttachmentType(file.data);
      if (!contentType) throw refused('communication_attachment_type');
      const attachment = {
        organizationId: auth.organizationId,
        id: newId('cma', ctx.clock.now().getTime()),
        uploadedByUserId: auth.userId,
        contentType,
        byteSize: file.data.length,
        fileName: cleanFileName(file.fileName),
      };
      await repository.insertAttachment({ ...attachment, data: file.data });
      const { organizationId: _, uploadedByUserId: __, ...shown } = attachment;
      return shown;
    },

    /**
     * Sends a message: its recipients fixed now, each family's inbox, and the sending job, in one
     * transaction. The sender's idempotency key makes a second click return the first message.
     */
    async create(
      auth: AuthContext,
      input: CreateCommunicationInput,
      locale: Locale,
    ): Promise<{ created: boolean; communication: CommunicationDetail }> {
      const existing = await repository.findByKey(auth.organizationId, auth.userId, input.idempotencyKey);
      if (existing) return { created: false, communication: await detail(auth, existing.id, locale) };
      const { scope, targetName, establishmentId } = await scopeOf(auth, input.target, input.targetId);
      const bodyFr = sanitizeMessage(input.bodyFr);
      const bodyEn = input.bodyEn ? sanitizeMessage(input.bodyEn) : null;
      const empty = [
        ...(hasText(bodyFr) ? [] : ['bodyFr']),
        ...(bodyEn !== null && !hasText(bodyEn) ? ['bodyEn'] : []),
      ];
      if (empty.length > 0) {
        throw new AppError(
          'validation_failed',
          empty.map((field) => ({
            field,
            rule: 'required',
            message: locale === 'fr' ? 'Le message est vide' : 'The message is empty',
          })),
        );
      }
      const { organizationId } = auth;
      const id = newId('com', ctx.clock.now().getTime());
      const created = await ctx.db.transaction(async (tx) => {
        const writes = createCommunicationsRepository(tx);
        const inserted = await writes.insert({
          organizationId,
          id,
          establishmentId,
          createdByUserId: auth.userId,
          idempotencyKey: input.idempotencyKey,
          target: input.target,
          targetId: scope.targetId,
          targetName,
          subjectFr: input.subjectFr,
          bodyFr,
          subjectEn: bodyEn ? (input.subjectEn ?? null) : null,
          bodyEn,
          families: 0,
          createdAt: ctx.clock.now(),
        });
        // Two clicks at once: the second waited on the key's index and finds the first message.
        if (!inserted) return false;
        const families = await writes.insertRecipients(scope, id);
        if (families.length === 0) throw refused('communication_no_recipients');
        await writes.setFamilies(organizationId, id, families.length);
        const attachmentIds = [...new Set(input.attachmentIds)];
        const joined = await writes.claimAttachments(organizationId, auth.userId, attachmentIds, id);
        if (joined.length !== attachmentIds.length) {
          throw new AppError('validation_failed', [
            {
              field: 'attachmentIds',
              rule: 'notFound',
              message: locale === 'fr' ? 'Pièce jointe introuvable' : 'Attachment not found',
            },
          ]);
        }
        await recordFamilyMessages(
          tx,
          families.map((familyId) => ({
            organizationId,
            familyId,
            kind: 'communication' as const,
            eventKey: `communication:${id}`,
            communicationId: id,
            at: ctx.clock.now(),
          })),
        );
        await enqueue(organizationId, id, tx);
        return true;
      });
      const sentId = created
        ? id
        : (await repository.findByKey(organizationId, auth.userId, input.idempotencyKey))!.id;
      return { created, communication: await detail(auth, sentId, locale) };
    },

    async list(auth: AuthContext, query: CommunicationListQuery, locale: Locale) {
      const sender = senderOf(auth);
      const { items, total } = await repository.list(
        auth.organizationId,
        {
          establishmentId: sender.kind === 'manager' ? sender.establishmentId : null,
          createdBy: sender.kind === 'holder' ? auth.userId : null,
        },
        query.page,
        query.pageSize,
      );
      return {
        items: await summaries(auth.organizationId, items, locale),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    detail,

    /** Queues the failed recipients again (« Renvoyer aux échecs »). */
    async retry(auth: AuthContext, id: string, locale: Locale) {
      const row = await repository.find(auth.organizationId, id);
      if (!row || !mayFollow(auth, row)) throw new AppError('not_found');
      await ctx.db.transaction(async (tx) => {
        const requeued = await createCommunicationsRepository(tx).requeueFailed(auth.organizationId, id);
        if (requeued > 0) await enqueue(auth.organizationId, id, tx);
      });
      return detail(auth, id, locale);
    },

    async settings(auth: AuthContext) {
      if (!isAtLeastOrgManager(auth.actor)) throw new AppError('forbidden');
      return { ratePerSecond: await repository.rate(auth.organizationId) };
    },

    async saveSettings(auth: AuthContext, ratePerSecond: number) {
      if (!isAtLeastOrgManager(auth.actor)) throw new AppError('forbidden');
      await repository.setRate(auth.organizationId, ratePerSecond);
      return { ratePerSecond };
    },

    /** An attachment of a communication: for its senders' reach, or a family that received it. */
    async attachment(auth: AuthContext, communicationId: string, attachmentId: string) {
      const { organizationId } = auth;
      const row = await repository.find(organizationId, communicationId);
      if (!row) throw new AppError('not_found');
      const received =
        isFamilyAccount(auth.actor) &&
        auth.organizationId === auth.homeOrganizationId &&
        (await inboxRepository.received(organizationId, auth.familyId, communicationId));
      const sends = isAtLeastEstManager(auth.actor) || isHolder(auth.actor);
      if (!received && !(sends && mayFollow(auth, row))) throw new AppError('not_found');
      const file = await repository.attachmentFile(organizationId, communicationId, attachmentId);
      if (!file) throw new AppError('not_found');
      return file;
    },

    /** The sending job (communications.sender.ts). */
    send: createCommunicationSender(ctx).send,
  };
}
