import { createHash } from 'node:crypto';
import { isAtLeastOrgManager, websiteSettingsSchema } from '@inscrio/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createWebsiteService } from './website.service';

const tags = ['Website'];
const nullableString = z.string().nullable();

const settingsSchema = z.object({
  enabled: z.boolean(),
  title: nullableString,
  description: nullableString,
  faviconAsset: nullableString,
  logoAsset: nullableString,
  backgroundAsset: nullableString,
  faviconUrl: nullableString,
  logoUrl: nullableString,
  backgroundUrl: nullableString,
  contactEmail: nullableString,
  contactPhone: nullableString,
  contactFacebook: nullableString,
  contactInstagram: nullableString,
  showCustomButton: z.boolean(),
  customButtonName: nullableString,
  customButtonURL: nullableString,
});

const dataSchema = settingsSchema.extend({
  /** The custom button when it shows (enabled, with a name and a URL), else null. */
  customButton: z.object({ name: z.string(), url: z.string() }).nullable(),
  establishments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      address: nullableString,
      city: nullableString,
      postalCode: nullableString,
      country: nullableString,
    }),
  ),
  activities: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: nullableString,
      imageUrl: nullableString,
      colorCode: z.string(),
      price: z.number(),
      durationText: z.string(),
      ageRestrictionText: z.string(),
      establishmentId: z.string(),
      nextSessions: z.array(
        z.object({ id: z.string(), startDateTime: z.string(), freeSeats: z.number().int().nullable() }),
      ),
    }),
  ),
});

/** The public website of an organisation, and its settings for managers. */
export function websiteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const website = createWebsiteService(ctx);
    const organizations = createOrganizationRepository(ctx.db);

    r.get(
      '/website/data',
      {
        config: { public: true },
        schema: { tags, response: { 200: dataSchema } },
      },
      async (request, reply) => {
        const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
        const data = await website.data(organization, request.locale);
        // Kept by browsers and CDNs but checked each time: a manager's change shows on the next load.
        const etag = `"${createHash('sha256').update(JSON.stringify(data)).digest('base64url')}"`;
        reply
          .header('cache-control', 'public, no-cache')
          .header('etag', etag)
          .header('vary', 'host, x-organization-id, accept-language');
        // Not modified: no body, so none of the 200 schema (the reply's type knows only that one).
        if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).status(304).send();
        return data;
      },
    );

    r.get(
      '/website/settings',
      { config: { allow: isAtLeastOrgManager }, schema: { tags, response: { 200: settingsSchema } } },
      async (request) => website.settings(requireAuth(request).organizationId),
    );

    r.patch(
      '/website/settings',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, body: localizedSchema(websiteSettingsSchema), response: { 200: settingsSchema } },
      },
      async (request) => website.update(requireAuth(request).organizationId, request.body),
    );
  };
}
