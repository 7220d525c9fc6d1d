import { resolveLocale } from '@inscrio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { AppError } from '../lib/app-error';
import { type AuthContext, isSystemStaff, toActor } from '../lib/access';
import { enterRequestContext, setCurrentLocale } from '../lib/request-context';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { cachedLiveSession } from '../modules/auth/session-cache';
import { createOrganizationRepository } from '../modules/organizations/organization.repository';

const ORGANIZATION_ID_PATTERN = /^org_[a-z0-9]{1,64}$/;

/**
 * Attaches `request.locale` and `request.auth` once per request, and enforces each route's declared
 * access: signed in unless `public`, then its `allow` predicate, then the organisation header rule.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  const authRepository = createAuthRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'fr');

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : undefined;
    if (!token) throw new AppError('unauthenticated');
    const claims = await ctx.tokens.verify(token);
    if (!claims) throw new AppError('session_expired');
    const lookUp = () =>
      authRepository.findLiveSessionUser(claims.organizationId, claims.userId, claims.sessionId);
    const live =
      request.method === 'GET' && request.routeOptions.config.sessionCache
        ? await cachedLiveSession(claims.organizationId, claims.userId, claims.sessionId, lookUp)
        : await lookUp();
    if (!live) throw new AppError('session_expired');
    const actor = toActor(live.user);

    // An organisation archived or in maintenance is closed to its own accounts (platform staff belong
    // to the system organisation, which is never either).
    if (!isSystemStaff(claims.organizationId, actor)) {
      if (live.organization.archivedAt) throw new AppError('organization_not_found');
      if (live.organization.maintenance) throw new AppError('organization_in_maintenance');
    }

    const requested = request.headers['x-organization-id'];
    let organizationId = claims.organizationId;
    if (requested !== undefined && requested !== claims.organizationId) {
      if (typeof requested !== 'string' || !ORGANIZATION_ID_PATTERN.test(requested)) {
        throw new AppError('organization_mismatch');
      }
      if (!isSystemStaff(claims.organizationId, actor)) throw new AppError('organization_mismatch');
      if (!(await organizations.findById(requested))) throw new AppError('organization_not_found');
      organizationId = requested;
    }
    return {
      userId: live.user.id,
      homeOrganizationId: claims.organizationId,
      organizationId,
      sessionId: claims.sessionId,
      actor,
      familyId: live.user.familyId,
      establishmentId: live.user.establishmentId,
      email: live.user.email,
      locale: resolveLocale(live.user.locale),
      impersonatorUserId: live.session.impersonatorUserId,
    };
  }

  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(request.headers['accept-language']);
    enterRequestContext({ locale: request.locale });
    // Auth guards the API; the web app's files and pages are public.
    if (request.is404 || !request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    if (config.public) {
      if (request.headers.authorization) request.auth = await authenticate(request).catch(() => null);
      return;
    }
    request.auth = await authenticate(request);
    // A signed-in user's own language wins over the browser's, unless the browser asks explicitly.
    if (!request.headers['accept-language']) {
      request.locale = request.auth.locale;
      setCurrentLocale(request.locale);
    }
    if (config.allow && !config.allow(request.auth.actor)) throw new AppError('forbidden');
  });
}
