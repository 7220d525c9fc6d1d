import { entityIdField, type Locale } from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { localizedSchema } from '../../lib/validation';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createPaymentsService } from './payments.service';

const tags = ['Payments'];
const publicRoute = { public: true };
const received = { 200: z.object({ received: z.boolean() }) };
const orderParams = localizedSchema((locale: Locale) => z.object({ orderId: entityIdField(locale) }));
const redirect = { 302: z.null().describe('Redirect to the order page'), 303: z.null().describe('Idem') };

/**
 * What payment providers call: webhooks on the base host (public; Mollie's form body, Buckaroo's signed
 * JSON push, both kept raw so the signature covers exactly the bytes sent) and the return of the family's
 * browser on the organisation's subdomain. The raw-body parsers only apply inside this plugin.
 */
export function paymentsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      ['application/json', 'application/x-www-form-urlencoded'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const payments = createPaymentsService(ctx);
    const organizations = createOrganizationRepository(ctx.db);

    const notify = async (provider: 'mollie' | 'buckaroo', request: FastifyRequest) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      try {
        await payments.handleNotification(provider, { headers: request.headers, rawBody, url: request.url });
      } catch (error) {
        if (error instanceof AppError && error.code === 'validation_failed') throw error;
        // Anything else (provider unreachable…): answer 503 so the provider retries later.
        ctx.logger.warn({ err: error, provider }, 'payment notification not applied');
        throw new AppError('unavailable');
      }
      return { received: true };
    };

    r.post(
      '/payments/webhooks/mollie',
      { config: publicRoute, schema: { tags, response: received } },
      (request) => notify('mollie', request),
    );

    r.post(
      '/payments/webhooks/buckaroo',
      { config: publicRoute, schema: { tags, response: received } },
      (request) => notify('buckaroo', request),
    );

    const back = async (request: FastifyRequest, orderId: string) => {
      const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
      return payments.returnFromProvider(organization.id, organization.key, orderId);
    };

    r.get(
      '/payments/return/:orderId',
      { config: publicRoute, schema: { tags, params: orderParams, response: redirect } },
      async (request, reply) => reply.redirect(await back(request, request.params.orderId), 302),
    );

    // Buckaroo sends the browser back with a form POST.
    r.post(
      '/payments/return/:orderId',
      { config: publicRoute, schema: { tags, params: orderParams, response: redirect } },
      async (request, reply) => reply.redirect(await back(request, request.params.orderId), 303),
    );
  };
}
