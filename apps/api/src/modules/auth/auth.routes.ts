import {
  forgotPasswordSchema,
  handoffSignInSchema,
  overAdminSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signInOtpSchema,
  signInPasswordSchema,
  signOutSchema,
  signUpSchema,
} from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { publicOrganizationSchema } from '../organizations/organization.dto';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { userSchema } from '../users/user.dto';
import { createMeService } from '../users/me.service';
import { createAuthService, type RequestMeta } from './auth.service';
import { createHandoffCodeService } from './handoff-codes.service';

const signInResultSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresAt: z.string(),
  user: userSchema,
  isSystemAdmin: z.boolean(),
  organization: publicOrganizationSchema,
});

const sessionSchema = z.object({
  authenticated: z.literal(true),
  user: userSchema,
  isSystemAdmin: z.boolean(),
  organizationId: z.string(),
  impersonated: z.boolean(),
});

const tags = ['Authentication'];
const noContent = { 204: z.null().describe('No content') };
const publicRoute = { public: true } as const;

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  requestId: request.id,
  locale: request.locale,
});

export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const auth = createAuthService(ctx);
    const me = createMeService(ctx);
    const handoff = createHandoffCodeService(ctx);
    const organizations = createOrganizationRepository(ctx.db);
    const organizationOf = (request: FastifyRequest) =>
      resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);

    r.post(
      '/auth/sign-in/password',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(signInPasswordSchema), response: { 200: signInResultSchema } },
      },
      async (request) => auth.signInWithPassword(await organizationOf(request), request.body, meta(request)),
    );

    r.post(
      '/auth/send-otp',
      { config: publicRoute, schema: { tags, body: localizedSchema(sendOtpSchema), response: noContent } },
      async (request, reply) => {
        await auth.sendOneTimeCode(await organizationOf(request), request.body.identifier, meta(request));
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/auth/sign-in/otp',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(signInOtpSchema), response: { 200: signInResultSchema } },
      },
      async (request) =>
        auth.signInWithOneTimeCode(await organizationOf(request), request.body, meta(request)),
    );

    // A single-use, 60-second code issued elsewhere (a new club's onboarding, staff entering a club),
    // posted by the login page of the organisation it is for: never in an address.
    r.post(
      '/auth/sign-in/handoff',
      {
        config: publicRoute,
        schema: { tags, body: handoffSignInSchema, response: { 200: signInResultSchema } },
      },
      async (request) => handoff.exchange(await organizationOf(request), request.body.code, meta(request)),
    );

    r.post(
      '/auth/sign-up',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(signUpSchema), response: { 201: signInResultSchema } },
      },
      async (request, reply) => {
        const result = await auth.signUp(await organizationOf(request), request.body, meta(request));
        return reply.status(201).send(result);
      },
    );

    r.post(
      '/auth/sign-in/overAdmin',
      { schema: { tags, body: localizedSchema(overAdminSchema), response: { 200: signInResultSchema } } },
      async (request) => auth.signInAsMember(requireAuth(request), request.body, meta(request)),
    );

    r.post(
      '/auth/refresh-token',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(refreshTokenSchema), response: { 200: signInResultSchema } },
      },
      async (request) => auth.refresh(request.body.refreshToken, meta(request)),
    );

    r.post(
      '/auth/forgot-password',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(forgotPasswordSchema), response: noContent },
      },
      async (request, reply) => {
        await auth.forgotPassword(await organizationOf(request), request.body.email, meta(request));
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/auth/reset-password',
      {
        config: publicRoute,
        schema: { tags, body: localizedSchema(resetPasswordSchema), response: noContent },
      },
      async (request, reply) => {
        await auth.resetPassword(await organizationOf(request), request.body, meta(request), request.auth);
        return reply.status(204).send(null);
      },
    );

    // The check the web app runs at each navigation: 200 with the session, or 401.
    r.get('/auth/session', { schema: { tags, response: { 200: sessionSchema } } }, async (request) => {
      const session = requireAuth(request);
      return {
        authenticated: true as const,
        user: await me.getUser(session),
        isSystemAdmin: session.actor.isSystemAdmin,
        organizationId: session.organizationId,
        impersonated: session.impersonatorUserId !== null,
      };
    });

    r.post(
      '/auth/sign-out',
      { schema: { tags, body: localizedSchema(signOutSchema), response: noContent } },
      async (request, reply) => {
        await auth.signOut(requireAuth(request));
        return reply.status(204).send(null);
      },
    );
  };
}
