import {
  isPlatformAdmin,
  isSystemAdmin,
  keyAvailabilityQuerySchema,
  keyAvailabilitySchema,
  handoffDestinationSchema,
  organizationCreateByAdminSchema,
  organizationCreateSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import type { RequestMeta } from '../auth/auth-session';
import { publicOrganizationSchema, toPublicOrganization } from '../organizations/organization.dto';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createOnboardingService } from './onboarding.service';

const tags = ['Organisations'];

/** Live key checks of the sign-up form: generous, still bounded per client address. */
const KEY_CHECKS_PER_ADDRESS_FACTOR = 10;

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  requestId: request.id,
  locale: request.locale,
});

/** A club signs itself up (`/onboarding`), and a system administrator creates an organisation. */
export function onboardingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onboarding = createOnboardingService(ctx);
    const organizations = createOrganizationRepository(ctx.db);

    r.get(
      '/organizations/key-availability',
      {
        config: { public: true },
        schema: { tags, querystring: keyAvailabilityQuerySchema, response: { 200: keyAvailabilitySchema } },
      },
      async (request) => {
        const { limit, windowSeconds } = ctx.rateLimits.perAddress;
        await ctx.rateLimiter.consume(`key-availability:ip:${request.ip}`, {
          limit: limit * KEY_CHECKS_PER_ADDRESS_FACTOR,
          windowSeconds,
        });
        return onboarding.keyAvailability(request.query.key);
      },
    );

    r.post(
      '/organizations/onboard',
      {
        config: { public: true },
        schema: {
          tags,
          body: localizedSchema(organizationCreateSchema),
          response: { 201: handoffDestinationSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await onboarding.onboard(request.body, meta(request))),
    );

    r.post(
      '/organizations',
      {
        config: { allow: isSystemAdmin },
        schema: {
          tags,
          body: localizedSchema(organizationCreateByAdminSchema),
          response: { 201: publicOrganizationSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        if (!isPlatformAdmin(auth.actor, auth.homeOrganizationId)) throw new AppError('forbidden');
        const created = await onboarding.createByPlatform(
          request.body,
          { userId: auth.userId, organizationId: auth.homeOrganizationId },
          meta(request),
        );
        const organization = await organizations.findById(created.organizationId);
        return reply.status(201).send(toPublicOrganization(organization!));
      },
    );
  };
}
