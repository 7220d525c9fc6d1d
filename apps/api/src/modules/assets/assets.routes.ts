import multipart from '@fastify/multipart';
import { ASSET_MAX_BYTES, ASSET_PURPOSES, isAtLeastEstManager } from '@inscrio/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { readOneFile } from '../../lib/upload';
import { assetDtoSchema } from './assets.dto';
import type { AssetMeta } from './assets.repository';
import { assetErrors, createAssetsService } from './assets.service';

const tags = ['Assets'];
const identifier = z.string().trim().min(1).max(100);

/** The one image of a multipart body; malformed bodies and the plugin's limits are the client's fault. */
const readUpload = (request: FastifyRequest) =>
  readOneFile(request, {
    missing: () => assetErrors.fileRequired(request.locale),
    tooLarge: assetErrors.tooLarge,
    notMultipart: assetErrors.notMultipart,
  });

/** Whether `If-None-Match` names this entity tag (or is `*`); weak tags compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** Headers of a served asset: it never changes under its id, and it is never interpreted as a page. */
function assetHeaders(reply: FastifyReply, asset: AssetMeta, etag: string) {
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  reply.header('etag', etag);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'");
  // Public by design: organisation websites and e-mails show these images.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('content-type', asset.contentType);
}

/** Spec section 7: `GET /api/assets/serve/{id}?orgId={orgId}`, and the upload managers use. */
export function assetsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Only this plugin accepts multipart bodies: one file of at most 5 MB, a few small fields.
    await app.register(multipart, {
      limits: { files: 1, fileSize: ASSET_MAX_BYTES, fields: 10, fieldSize: 1024, parts: 20 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const assets = createAssetsService(ctx);

    r.post(
      '/assets',
      {
        config: { allow: isAtLeastEstManager },
        schema: {
          tags,
          description:
            'Uploads one image (PNG, JPEG or WebP, at most 5 MB) as multipart/form-data, field `file`; ' +
            'it is stored resized for `purpose` (favicon 64 px square PNG, logo 512 px, background ' +
            '1600 px WebP, activity 1200 px; none: at most 2000 px).',
          consumes: ['multipart/form-data'],
          querystring: z.object({ purpose: z.enum(ASSET_PURPOSES).optional() }),
          response: { 201: assetDtoSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const file = await readUpload(request);
        return reply.status(201).send(await assets.upload(auth, file, request.locale, request.query.purpose));
      },
    );

    r.get(
      '/assets/serve/:id',
      {
        config: { public: true },
        schema: {
          tags,
          params: z.object({ id: identifier }),
          querystring: z.object({ orgId: identifier }),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { orgId } = request.query;
        const conditional = request.headers['if-none-match'];
        if (conditional) {
          const meta = await assets.findMeta(orgId, id);
          if (!meta) throw new AppError('not_found');
          const etag = `"${meta.sha256}"`;
          if (matchesEtag(conditional, etag)) {
            assetHeaders(reply, meta, etag);
            reply.removeHeader('content-type');
            return reply.status(304).send();
          }
        }
        const asset = await assets.findWithData(orgId, id);
        if (!asset) throw new AppError('not_found');
        assetHeaders(reply, asset, `"${asset.sha256}"`);
        return reply.send(asset.data);
      },
    );
  };
}
