import multipart from '@fastify/multipart';
import {
  entityIdField,
  isAtLeastOrgManager,
  type Locale,
  message,
  MUTUAL_IMAGE_MAX_BYTES,
  MUTUAL_IMAGES,
  mutualProfileDtoSchema,
  mutualProfileSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { readOneFile } from '../../lib/upload';
import { localizedSchema } from '../../lib/validation';
import { createMutualProfileService } from './mutual-profile';

const tags = ['Certificates'];
const orgManagers = { allow: isAtLeastOrgManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const imageParams = localizedSchema((locale: Locale) =>
  z.object({ id: entityIdField(locale), image: z.enum(MUTUAL_IMAGES, { error: message('choice', locale) }) }),
);

/** The « Mutuelle » step of the configuration: seal, signature and the texts printed on certificates. */
export function mutualProfileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Only this plugin's routes take multipart: one image, at most 1 MB (a byte more is refused by content check).
    await app.register(multipart, {
      limits: { files: 1, fileSize: MUTUAL_IMAGE_MAX_BYTES + 1, fields: 5, fieldSize: 1024, parts: 10 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const profile = createMutualProfileService(ctx);

    r.get(
      '/organizations/:id/mutual-profile',
      { config: orgManagers, schema: { tags, params: idParams, response: { 200: mutualProfileDtoSchema } } },
      (request) => profile.get(requireAuth(request), request.params.id),
    );

    r.patch(
      '/organizations/:id/mutual-profile',
      {
        config: orgManagers,
        schema: {
          tags,
          params: idParams,
          body: localizedSchema(mutualProfileSchema),
          response: { 200: mutualProfileDtoSchema },
        },
      },
      (request) => profile.update(requireAuth(request), request.params.id, request.body),
    );

    r.get(
      '/organizations/:id/mutual-profile/:image',
      {
        config: orgManagers,
        schema: {
          tags,
          description:
            "The seal or the signature as uploaded, for the organisation's managers only: never served " +
            'publicly, so that nobody can lift them to forge a certificate.',
          params: imageParams,
          querystring: z.object({ v: z.string().max(100).optional() }),
        },
      },
      async (request, reply) => {
        const asset = await profile.image(requireAuth(request), request.params.id, request.params.image);
        reply.header('cache-control', 'private, no-store');
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "default-src 'none'");
        reply.header('content-type', asset.contentType);
        return reply.send(asset.data);
      },
    );

    r.put(
      '/organizations/:id/mutual-profile/:image',
      {
        config: orgManagers,
        schema: {
          tags,
          description:
            'The seal or the signature: one PNG or JPEG image (by its content), at most 1 MB, field `file`.',
          consumes: ['multipart/form-data'],
          params: imageParams,
          response: { 200: mutualProfileDtoSchema },
        },
      },
      async (request) => {
        const auth = requireAuth(request);
        const file = await readOneFile(request, {
          missing: () =>
            new AppError('validation_failed', [
              { field: 'file', rule: 'required', message: message('required', request.locale) },
            ]),
          tooLarge: () => new AppError('certificate_image_too_large'),
          notMultipart: () => new AppError('certificate_image_type'),
        });
        if (file.data.length === 0) {
          throw new AppError('validation_failed', [
            { field: 'file', rule: 'required', message: message('required', request.locale) },
          ]);
        }
        return profile.upload(auth, request.params.id, request.params.image, file);
      },
    );

    r.delete(
      '/organizations/:id/mutual-profile/:image',
      {
        config: orgManagers,
        schema: { tags, params: imageParams, response: { 200: mutualProfileDtoSchema } },
      },
      (request) => profile.remove(requireAuth(request), request.params.id, request.params.image),
    );
  };
}
