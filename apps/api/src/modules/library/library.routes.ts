import multipart from '@fastify/multipart';
import {
  type Actor,
  DOCUMENT_MESSAGES,
  documentListQuerySchema,
  documentListSchema,
  entityIdField,
  isAtLeastOrgManager,
  LEGAL_DOCUMENT_MAX_BYTES,
  legalUploadFieldsSchema,
  type Locale,
  storedDocumentSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { safeFileName } from '../../lib/download';
import { readOneFile } from '../../lib/upload';
import { localizedSchema } from '../../lib/validation';
import { createLibraryService } from './library.service';

const tags = ['Documents'];
/** Every signed-in account has a documents list; the service scopes what each sees. */
const anySignedIn = { allow: (_actor: Actor) => true };
/** Legal documents concern the whole organisation: organisation managers upload and publish them. */
const orgManagers = { allow: isAtLeastOrgManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/** The documents list, legal uploads and their publication, and the stored documents' files. */
export function libraryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Only this plugin accepts multipart bodies here: one PDF of at most 10 MB.
    await app.register(multipart, {
      limits: { files: 1, fileSize: LEGAL_DOCUMENT_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 20 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const library = createLibraryService(ctx);

    r.get(
      '/documents',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary:
            'The caller’s documents: a family’s own and the published legal ones; every one for managers',
          querystring: localizedSchema(documentListQuerySchema),
          response: { 200: documentListSchema },
        },
      },
      (request) => library.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/documents/:id',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'One stored document and its progress (a report being made)',
          params: idParams,
          response: { 200: storedDocumentSchema },
        },
      },
      (request) => library.find(requireAuth(request), request.params.id),
    );

    r.get(
      '/documents/:id/file',
      {
        config: anySignedIn,
        schema: { tags, summary: 'A stored document’s file, as an attachment', params: idParams },
      },
      async (request, reply) => {
        const { row, stream } = await library.open(requireAuth(request), request.params.id);
        // The type fixed when the document was stored; never sniffed, never shown inline.
        reply.header('content-type', row.contentType);
        reply.header('content-disposition', `attachment; filename="${safeFileName(row.fileName)}"`);
        reply.header('content-length', String(row.byteSize));
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "default-src 'none'; sandbox");
        return reply.send(stream);
      },
    );

    r.post(
      '/documents/legal',
      {
        config: orgManagers,
        schema: {
          tags,
          summary:
            'Uploads a legal document (a PDF of at most 10 MB, field `file`) as its kind’s next version',
          description: 'multipart/form-data with one file; `kind` and `title` in the query string.',
          consumes: ['multipart/form-data'],
          querystring: localizedSchema(legalUploadFieldsSchema),
          response: { 201: storedDocumentSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const missing = () =>
          new AppError('validation_failed', [
            { field: 'file', rule: 'required', message: DOCUMENT_MESSAGES.fileRequired[request.locale] },
          ]);
        const file = await readOneFile(request, {
          missing,
          tooLarge: () => new AppError('legal_document_too_large'),
          notMultipart: () => new AppError('legal_document_not_pdf'),
        });
        return reply.status(201).send(await library.uploadLegal(auth, file, request.query));
      },
    );

    r.post(
      '/documents/:id/publish',
      {
        config: orgManagers,
        schema: {
          tags,
          summary:
            'Publishes a legal document: a new ROI or legal mentions is accepted again by every member',
          params: idParams,
          response: { 200: storedDocumentSchema },
        },
      },
      (request) => library.publish(requireAuth(request), request.params.id),
    );
  };
}
