import multipart from '@fastify/multipart';
import {
  type Actor,
  canManageServices,
  COMMUNICATION_LIMITS,
  COMMUNICATION_MESSAGES,
  communicationAttachmentSchema,
  communicationDetailSchema,
  communicationListQuerySchema,
  communicationListSchema,
  communicationSettingsDtoSchema,
  communicationSettingsSchema,
  createCommunicationSchema,
  entityIdField,
  inboxListSchema,
  inboxMessageSchema,
  isAtLeastOrgManager,
  type Locale,
  recipientsCountSchema,
  recipientsQuerySchema,
  unreadCountSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError, refused } from '../../lib/app-error';
import { isFamilyAccount, requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import { readOneFile } from '../../lib/upload';
import { localizedSchema } from '../../lib/validation';
import { createCommunicationsService } from './communications.service';
import { createCommunicationsInboxService } from './communications-inbox.service';

const tags = ['Communications'];
const senders = { allow: canManageServices };
const families = { allow: (actor: Actor) => isFamilyAccount(actor) };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const attachmentParams = localizedSchema((locale: Locale) =>
  z.object({ id: entityIdField(locale), attachmentId: entityIdField(locale) }),
);

/** Communications to families (`/communications`): compose, send, follow; and each family's inbox. */
export function communicationsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: {
        files: 1,
        fileSize: COMMUNICATION_LIMITS.attachmentBytes,
        fields: 10,
        fieldSize: 1024,
        parts: 20,
      },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createCommunicationsService(ctx);
    const inbox = createCommunicationsInboxService(ctx);

    r.get(
      '/communications/recipients',
      {
        config: senders,
        schema: {
          tags,
          summary: 'How many families and people a target reaches (before sending)',
          querystring: localizedSchema(recipientsQuerySchema),
          response: { 200: recipientsCountSchema },
        },
      },
      (request) => service.countRecipients(requireAuth(request), request.query),
    );

    r.post(
      '/communications/attachments',
      {
        config: senders,
        schema: {
          tags,
          summary:
            'Uploads an attachment of the sender’s next message (multipart/form-data, field `file`): a PDF or an image (PNG, JPEG, WebP) by its content, 5 MB at most',
          consumes: ['multipart/form-data'],
          response: { 201: communicationAttachmentSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const file = await readOneFile(request, {
          missing: () =>
            new AppError('validation_failed', [
              {
                field: 'file',
                rule: 'required',
                message: COMMUNICATION_MESSAGES.fileRequired[request.locale],
              },
            ]),
          tooLarge: () => refused('communication_attachment_too_large'),
          notMultipart: () => new AppError('unsupported_media_type'),
        });
        return reply.status(201).send(await service.upload(auth, file));
      },
    );

    r.post(
      '/communications',
      {
        config: senders,
        schema: {
          tags,
          summary:
            'Sends a message to the families of a target, in the background (201; 200 with the same message when its idempotency key was used)',
          body: localizedSchema(createCommunicationSchema),
          response: { 200: communicationDetailSchema, 201: communicationDetailSchema },
        },
      },
      async (request, reply) => {
        const { created, communication } = await service.create(
          requireAuth(request),
          request.body,
          request.locale,
        );
        return reply.status(created ? 201 : 200).send(communication);
      },
    );

    r.get(
      '/communications',
      {
        config: senders,
        schema: {
          tags,
          summary: 'The messages the caller may follow, latest first, with their progress',
          querystring: localizedSchema(communicationListQuerySchema),
          response: { 200: communicationListSchema },
        },
      },
      (request) => service.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/communications/settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, summary: 'The sending speed', response: { 200: communicationSettingsDtoSchema } },
      },
      (request) => service.settings(requireAuth(request)),
    );

    r.put(
      '/communications/settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          summary: 'Sets the sending speed (messages per second)',
          body: localizedSchema(communicationSettingsSchema),
          response: { 200: communicationSettingsDtoSchema },
        },
      },
      (request) => service.saveSettings(requireAuth(request), request.body.ratePerSecond),
    );

    r.get(
      '/communications/inbox',
      {
        config: families,
        schema: {
          tags,
          summary: 'The family’s messages, latest first, read or not',
          querystring: localizedSchema(communicationListQuerySchema),
          response: { 200: inboxListSchema },
        },
      },
      (request) => inbox.inbox(requireAuth(request), request.query),
    );

    r.get(
      '/communications/inbox/unread-count',
      {
        config: { ...families, sessionCache: true },
        schema: {
          tags,
          summary: 'How many messages the family has not read',
          response: { 200: unreadCountSchema },
        },
      },
      (request) => inbox.unread(requireAuth(request)),
    );

    r.get(
      '/communications/inbox/:id',
      {
        config: families,
        schema: {
          tags,
          summary: 'A message of the family (marked read)',
          params: idParams,
          response: { 200: inboxMessageSchema },
        },
      },
      (request) => inbox.read(requireAuth(request), request.params.id),
    );

    r.get(
      '/communications/:id',
      {
        config: senders,
        schema: {
          tags,
          summary: 'A message with its progress and its recipients’ statuses',
          params: idParams,
          response: { 200: communicationDetailSchema },
        },
      },
      (request) => service.detail(requireAuth(request), request.params.id, request.locale),
    );

    r.post(
      '/communications/:id/retry',
      {
        config: senders,
        schema: {
          tags,
          summary: 'Sends the message again to the recipients it failed for',
          params: idParams,
          response: { 200: communicationDetailSchema },
        },
      },
      (request) => service.retry(requireAuth(request), request.params.id, request.locale),
    );

    r.get(
      '/communications/:id/attachments/:attachmentId',
      {
        config: { allow: (actor: Actor) => isFamilyAccount(actor) || canManageServices(actor) },
        schema: {
          tags,
          summary: 'An attachment of a message (its senders, or a family that received it)',
          params: attachmentParams,
        },
      },
      async (request, reply) => {
        const file = await service.attachment(
          requireAuth(request),
          request.params.id,
          request.params.attachmentId,
        );
        // Uploaded by a person: never rendered in the API's origin, whatever it claims to be.
        reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'");
        return sendDownload(reply, file.contentType, file.fileName ?? 'piece-jointe', file.data);
      },
    );
  };
}
