import {
  changePasswordSchema,
  companySchema,
  confirmEmailChangeSchema,
  ONBOARDING_ACHIEVEMENTS,
  updateMeSchema,
  updateProfileSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createConditionsService } from './conditions.service';
import { createMeService } from './me.service';
import {
  companyDtoSchema,
  companyResultSchema,
  conditionsSchema,
  currentUserSchema,
  memberSchema,
  memberUpdateResultSchema,
  userSchema,
} from './user.dto';

const tags = ['Current user'];
const noContent = { 204: z.null().describe('No content') };

/** The achievement is checked by the service, so that an unknown one reads the specification's message. */
const achievementQuery = z.object({
  achievement: z
    .string()
    .max(100)
    .optional()
    .describe(`One of: ${ONBOARDING_ACHIEVEMENTS.join(', ')}`),
});

const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id, locale: request.locale });

/**
 * The signed-in user's own account (`/me/*`, `/users/me`): open to every signed-in user for their own
 * rows. The data export and the account deletion are the family's (`family/privacy.routes.ts`).
 */
export function meRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const me = createMeService(ctx);
    const conditions = createConditionsService(ctx);
    const organizations = createOrganizationRepository(ctx.db);

    r.get('/me/user', { schema: { tags, response: { 200: currentUserSchema } } }, (request) =>
      me.getCurrentUser(requireAuth(request)),
    );

    r.get('/me/member', { schema: { tags, response: { 200: memberSchema } } }, (request) =>
      me.getMember(requireAuth(request)),
    );

    r.patch(
      '/me/member',
      {
        schema: {
          tags,
          summary: 'Update the own person; a new e-mail waits for confirmation by its owner',
          body: localizedSchema(updateProfileSchema),
          response: { 200: memberUpdateResultSchema },
        },
      },
      (request) => me.updateMember(requireAuth(request), request.body, request.locale),
    );

    r.patch(
      '/users/me',
      {
        schema: {
          tags,
          summary: 'Update the names now; a new e-mail waits for confirmation by its owner',
          body: localizedSchema(updateMeSchema),
          response: { 200: currentUserSchema },
        },
      },
      (request) => me.updateUser(requireAuth(request), request.body),
    );

    r.post(
      '/me/email/confirm',
      {
        config: { public: true },
        schema: {
          tags,
          summary: 'Confirm a new e-mail address with the token of the link sent to it (single use, 24 h)',
          body: localizedSchema(confirmEmailChangeSchema),
          response: { 200: z.object({ email: z.string() }) },
        },
      },
      async (request) => {
        const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
        return me.confirmEmailChange(organization.id, request.body.token, meta(request), request.auth);
      },
    );

    r.patch(
      '/me/password',
      { schema: { tags, body: localizedSchema(changePasswordSchema), response: noContent } },
      async (request, reply) => {
        await me.changePassword(requireAuth(request), request.body, request.locale);
        return reply.status(204).send(null);
      },
    );

    r.get('/me/company', { schema: { tags, response: { 200: companyResultSchema } } }, (request) =>
      me.getCompany(requireAuth(request)),
    );

    r.put(
      '/me/company',
      {
        schema: {
          tags,
          summary: 'Set the company billing details printed on invoices (all fields required)',
          body: localizedSchema(companySchema),
          response: { 200: z.object({ company: companyDtoSchema.nullable() }) },
        },
      },
      (request) => me.setCompany(requireAuth(request), request.body),
    );

    r.delete('/me/company', { schema: { tags, response: noContent } }, async (request, reply) => {
      await me.deleteCompany(requireAuth(request));
      return reply.status(204).send(null);
    });

    r.post(
      '/me/onboarding-achievements',
      { schema: { tags, querystring: achievementQuery, response: { 200: userSchema } } },
      (request) =>
        me.addOnboardingAchievement(requireAuth(request), request.query.achievement, request.locale),
    );

    r.delete(
      '/me/onboarding-achievements',
      { schema: { tags, response: noContent } },
      async (request, reply) => {
        await me.clearOnboardingAchievements(requireAuth(request));
        return reply.status(204).send(null);
      },
    );

    r.get('/me/conditions', { schema: { tags, response: { 200: conditionsSchema } } }, (request) =>
      conditions.get(requireAuth(request)),
    );

    // `?documentId=`: the version the user read; accepting is refused when a newer one was published
    // since. Without it (the spec's call, no body), the version in force is accepted.
    const acceptance = {
      tags,
      querystring: z.object({ documentId: z.string().min(1).max(100).optional() }),
      response: { 200: conditionsSchema },
    };
    r.patch('/me/conditions/accept-roi', { schema: acceptance }, (request) =>
      conditions.acceptRoi(requireAuth(request), request.query.documentId ?? null),
    );

    r.patch('/me/conditions/accept-legal-mentions', { schema: acceptance }, (request) =>
      conditions.acceptLegalMentions(requireAuth(request), request.query.documentId ?? null),
    );
  };
}
