import multipart from '@fastify/multipart';
import {
  createSupportThreadSchema,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  supportMessageSchema,
  supportThreadListQuerySchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError, refused } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { sendDownload } from '../../lib/download';
import { readOneFile } from '../../lib/upload';
import { supportAttachmentSchema, supportThreadDetailSchema, supportThreadListSchema } from './support.dto';
import { maySeekSupport } from './support.rules';
import { createSupportService } from './support.service';

const tags = ['Support'];
const identifier = z.string().trim().min(1).max(100);
const threadParams = z.object({ id: identifier });
const config = { allow: maySeekSupport };

const fileRequired = (request: FastifyRequest) =>
  new AppError('validation_failed', [
    {
      field: 'file',
      rule: 'required',
      message: request.locale === 'fr' ? 'Choisissez un fichier' : 'Choose a file',
    },
  ]);

/** The message's attachment: one file, of at most SUPPORT_ATTACHMENT_MAX_BYTES. */
const readUpload = (request: FastifyRequest) =>
  readOneFile(request, {
    missing: () => fileRequired(request),
    tooLarge: () => refused('support_attachment_too_large'),
    notMultipart: () => new AppError('unsupported_media_type'),
  });

/**
 * « Contacter l'administration » (`/contact-support`): threads between support staff or a club's
 * administrator and the system administrators, with one attachment per message at most.
 */
export function supportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { files: 1, fileSize: SUPPORT_ATTACHMENT_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 20 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const support = createSupportService(ctx);

    r.get(
      '/support/threads',
      {
        config,
        schema: {
          tags,
          description:
            'Threads, latest first: every one for a system administrator, the club’s for its administrator, their own for support staff.',
          querystring: supportThreadListQuerySchema,
          response: { 200: supportThreadListSchema },
        },
      },
      async (request) => ({ items: await support.list(requireAuth(request), request.query.status) }),
    );

    r.post(
      '/support/threads',
      {
        config,
        schema: {
          tags,
          description:
            'A new thread (support staff, club administrators): subject, message and an attachment uploaded first with POST /support/attachments. Mailed to the system administrators.',
          body: localizedSchema(createSupportThreadSchema),
          response: { 201: supportThreadDetailSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await support.create(requireAuth(request), request.body, request.locale)),
    );

    r.get(
      '/support/threads/:id',
      { config, schema: { tags, params: threadParams, response: { 200: supportThreadDetailSchema } } },
      (request) => support.get(requireAuth(request), request.params.id),
    );

    r.post(
      '/support/threads/:id/messages',
      {
        config,
        schema: {
          tags,
          description:
            'A message in a thread that is not closed: a system administrator’s answer (mailed to the author, status answered) or the author’s side (mailed to the system administrators, status open).',
          params: threadParams,
          body: localizedSchema(supportMessageSchema),
          response: { 201: supportThreadDetailSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await support.reply(requireAuth(request), request.params.id, request.body, request.locale)),
    );

    r.post(
      '/support/threads/:id/close',
      {
        config,
        schema: {
          tags,
          description: 'Closes a thread (system administrators).',
          params: threadParams,
          response: { 200: supportThreadDetailSchema },
        },
      },
      (request) => support.close(requireAuth(request), request.params.id),
    );

    r.post(
      '/support/attachments',
      {
        config,
        schema: {
          tags,
          description:
            'Uploads the attachment of the caller’s next message (multipart/form-data, field `file`): a PDF or an image (PNG, JPEG, WebP) recognised by its content, 5 MB at most.',
          consumes: ['multipart/form-data'],
          response: { 201: supportAttachmentSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const file = await readUpload(request);
        return reply.status(201).send(await support.upload(auth, file));
      },
    );

    r.get(
      '/support/threads/:id/attachments/:attachmentId',
      {
        config,
        schema: {
          tags,
          description: 'Downloads an attachment of a message of the thread.',
          params: z.object({ id: identifier, attachmentId: identifier }),
        },
      },
      async (request, reply) => {
        const file = await support.attachment(
          requireAuth(request),
          request.params.id,
          request.params.attachmentId,
        );
        // Sent by a person: never rendered in the API's origin, whatever it claims to be.
        reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'");
        return sendDownload(reply, file.contentType, file.fileName ?? 'piece-jointe', file.data);
      },
    );
  };
}
