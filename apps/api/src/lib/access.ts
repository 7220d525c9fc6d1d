import { type Actor, isPlatformStaff, type Locale } from '@inscrio/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/**
 * Who is calling and where they act: set on each request by plugins/auth.ts, read by the modules'
 * routes and services. Kept here, below both, so that modules never import a plugin.
 */
export interface AuthContext {
  userId: string;
  /** The organisation the account belongs to. */
  homeOrganizationId: string;
  /** The organisation this request acts on (`x-organization-id`; differs only for system staff). */
  organizationId: string;
  sessionId: string;
  actor: Actor;
  familyId: string;
  establishmentId: string;
  email: string;
  locale: Locale;
  impersonatorUserId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** Open to anyone (an access token, if sent and valid, is still read). */
    public?: boolean;
    /** Who may call the route (a predicate of spec section 6); signed-in users only. */
    allow?: (actor: Actor) => boolean;
    /**
     * A hot read-only route may trust a session found alive less than a few seconds ago on this
     * instance instead of asking the database on every request (see modules/auth/session-cache.ts for
     * the trade-off). Never on a route that changes anything.
     */
    sessionCache?: boolean;
  }
}

export const toActor = (user: { role: string; isHolder: boolean; isSystemAdmin: boolean }): Actor => ({
  role: user.role as Actor['role'],
  isHolder: user.isHolder,
  isSystemAdmin: user.isSystemAdmin,
});

/** Support staff and system administrators of the system organisation may act in any organisation. */
export const isSystemStaff = (organizationId: string, actor: Actor): boolean =>
  isPlatformStaff(actor, organizationId);

/** The caller's auth context on a route that is not public. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

/**
 * The establishment an establishment manager is confined to; null for everyone else (their reach is
 * the whole organisation). Repositories filter on it when it is set.
 */
export const establishmentScope = (auth: AuthContext): string | null =>
  auth.actor.role === 'est-manager' && !auth.actor.isSystemAdmin ? auth.establishmentId : null;

/** Family accounts: role user (holders included), not the system administrator. Managers use /members. */
export const isFamilyAccount = (actor: Actor): boolean => actor.role === 'user' && !actor.isSystemAdmin;

/** The caller's family. A family account only ever acts in its own organisation. */
export function familyOf(auth: AuthContext): { organizationId: string; familyId: string } {
  if (!isFamilyAccount(auth.actor) || auth.organizationId !== auth.homeOrganizationId) {
    throw new AppError('forbidden');
  }
  return { organizationId: auth.homeOrganizationId, familyId: auth.familyId };
}
