import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isPlatformStaff, resolveRequestOrganization } from './request-organization';
import { publicOrganizationSchema, toPublicOrganization } from './organization.dto';
import { createOrganizationRepository } from './organization.repository';

const tags = ['Organisations'];
const DIRECTORY_PAGE = 20;

/** Public lookups the web app starts from: by the key in its address, or by name. */
export function directoryRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const organizations = createOrganizationRepository(ctx.db);

    r.get(
      '/organizations/directory',
      {
        config: { public: true },
        schema: {
          tags,
          querystring: z.object({ q: z.string().max(100).optional() }),
          response: { 200: z.array(publicOrganizationSchema) },
        },
      },
      async (request, reply) => {
        const rows = await organizations.searchDirectory(request.query.q, DIRECTORY_PAGE);
        reply.header('cache-control', 'public, max-age=60');
        return rows.map(toPublicOrganization);
      },
    );

    r.get(
      '/organizations/directory/current',
      { config: { public: true }, schema: { tags, response: { 200: publicOrganizationSchema } } },
      async (request) =>
        toPublicOrganization(
          await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost, {
            allowMaintenance: true,
          }),
        ),
    );

    r.get(
      '/organizations/directory/key/:key',
      {
        config: { public: true },
        schema: {
          tags,
          params: z.object({ key: z.string().min(1).max(63) }),
          response: { 200: publicOrganizationSchema },
        },
      },
      async (request, reply) => {
        const organization = await organizations.findByKey(request.params.key);
        const staff = isPlatformStaff(request);
        if (!organization || (organization.archivedAt && !staff))
          throw new AppError('organization_not_found');
        // Platform staff may see an archived organisation: their answer is theirs alone. A club in
        // maintenance is looked up again at once when it reopens.
        reply.header(
          'cache-control',
          staff || organization.archivedAt || organization.maintenance
            ? 'private, no-store'
            : 'public, max-age=60',
        );
        return toPublicOrganization(organization);
      },
    );
  };
}
