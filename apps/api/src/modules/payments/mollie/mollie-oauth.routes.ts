import {
  isAtLeastOrgManager,
  type Locale,
  entityIdField,
  mollieConnectSchema,
  mollieStatusSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { localizedSchema } from '../../../lib/validation';
import { requireAuth } from '../../../lib/access';
import { reachableOrganization } from '../../organizations/organization.service';
import { createMollieConnections } from './mollie-connection';

const tags = ['Integrations'];
const managers = { allow: isAtLeastOrgManager };
const orgParams = localizedSchema((locale: Locale) => z.object({ organizationId: entityIdField(locale) }));
const callbackQuery = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** Connecting an organisation's Mollie account (OAuth) and its status (spec section 4). */
export function mollieOAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const mollie = createMollieConnections(ctx);

    r.get(
      '/integrations/mollie/oauth/connect/:organizationId',
      { config: managers, schema: { tags, params: orgParams, response: { 200: mollieConnectSchema } } },
      async (request) => {
        const organization = await reachableOrganization(
          ctx,
          requireAuth(request),
          request.params.organizationId,
        );
        return { url: await mollie.connectUrl(organization.id, request.locale) };
      },
    );

    r.get(
      '/integrations/mollie/oauth/callback',
      {
        config: { public: true },
        schema: {
          tags,
          querystring: callbackQuery,
          response: { 302: z.null().describe('Back to the configuration') },
        },
      },
      async (request, reply) => reply.redirect(await mollie.callback(request.query), 302),
    );

    r.get(
      '/integrations/mollie/oauth/status/:organizationId',
      { config: managers, schema: { tags, params: orgParams, response: { 200: mollieStatusSchema } } },
      async (request) => {
        const organization = await reachableOrganization(
          ctx,
          requireAuth(request),
          request.params.organizationId,
        );
        return mollie.status(organization.id);
      },
    );

    r.delete(
      '/integrations/mollie/oauth/:organizationId',
      { config: managers, schema: { tags, params: orgParams, response: { 200: mollieStatusSchema } } },
      async (request) => {
        const organization = await reachableOrganization(
          ctx,
          requireAuth(request),
          request.params.organizationId,
        );
        await mollie.disconnect(organization.id);
        return mollie.storedStatus(organization.id);
      },
    );
  };
}
