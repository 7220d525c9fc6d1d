import { SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import { isCancelledError } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { checkSession } from '@/features/auth';
import { organizationByKeyQuery } from '@/features/organizations';
import { hasErrorCode } from '@/lib/api-error';
import type { PublicOrganization, User } from '@/lib/api-types';
import { getAuthState, hasSession, setSelectedOrganization, setUser } from '@/lib/auth-store';
import { applyUserLocale } from '@/lib/i18n';
import { rememberSessionCheck } from '@/lib/impersonation';
import { setAddressOrganization } from '@/lib/organization-context';
import { currentHost, organizationUrl } from '@/lib/organization-host';
import { fullPath, PAGE_NOT_FOUND, paths, QUERY, safeRedirect, SESSION_EXPIRED } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { endSessionLocally } from '@/lib/session';

/*
 * The guards and fallbacks of spec section 2, as route loaders: they run before a screen shows, at
 * every navigation (the guarded layouts always revalidate).
 */

// ---------------------------------------------------------------------------------------------------
// Where the user comes from: "failure coming from a non-login page" needs the page being left.

let committedPathname: string | null = null;

/** Called by the router subscription each time a navigation completes. */
export function rememberCommittedLocation(pathname: string): void {
  committedPathname = pathname;
}

/** The page being left (null on the first load). */
export function previousPathname(): string | null {
  return committedPathname;
}

const comesFromLogin = () => previousPathname() === paths.login.pattern;

// ---------------------------------------------------------------------------------------------------

/** Staff of the system organisation (system administrators, support) may act in any organisation. */
export function isSystemStaff(user: Pick<User, 'organizationId'> | null): boolean {
  return user?.organizationId === SYSTEM_ORGANIZATION_ID;
}

/**
 * Runs a cached lookup again when a sign-out cancelled it on the way (a session ending clears the query
 * cache, which cancels what is in flight): a loader never fails with react-query's CancelledError.
 */
async function ensureSurvivingSignOut<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (!isCancelledError(error) || attempt >= 2) throw error;
    }
  }
}

/**
 * The organisation of the address. Unknown or archived: the selection and any session for it are
 * cleared and the organisation-error page shows (spec section 4).
 */
export async function resolveAddressOrganization(): Promise<PublicOrganization> {
  const { key } = currentHost();
  if (!key) throw redirect(paths.organizationError.to());
  try {
    const organization = await ensureSurvivingSignOut(() =>
      queryClient.ensureQueryData(organizationByKeyQuery(key)),
    );
    setAddressOrganization(organization);
    // In maintenance, the club's members (and visitors) wait on the maintenance page; platform staff work.
    if (organization.maintenance && !isSystemStaff(getAuthState().user)) {
      throw redirect(paths.maintenance.to());
    }
    return organization;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (hasErrorCode(error, 'organization_not_found')) {
      setAddressOrganization(null);
      if (hasSession()) endSessionLocally();
      else setSelectedOrganization(null);
      throw redirect(paths.organizationError.to());
    }
    throw error;
  }
}

/**
 * The organisation-mismatch rule (spec section 2): a user whose selected organisation is not the
 * address's is cleared and sent to their own organisation; only platform staff switch organisation
 * (they may act in any). Returns the redirect to follow, if any.
 */
function enforceOrganization(organization: PublicOrganization): Response | null {
  const { user, organization: selected } = getAuthState();
  if (!hasSession()) return null;
  if (!selected) {
    setSelectedOrganization(organization);
    return null;
  }
  if (selected.id === organization.id) return null;
  if (isSystemStaff(user)) {
    setSelectedOrganization(organization);
    return null;
  }
  endSessionLocally();
  return redirect(organizationUrl(selected.key, paths.login.to()));
}

/** Runs the authentication check; keeps the user fresh when it passes. */
async function verifySession(request: Request): Promise<'valid' | 'expired' | 'unknown'> {
  const result = await checkSession(request.signal);
  if (result.status === 'maintenance' || result.status === 'closed') {
    // The organisation changed since it was looked up: look it up again next time.
    await queryClient.invalidateQueries({
      queryKey: organizationByKeyQuery(currentHost().key ?? '').queryKey,
    });
    if (result.status === 'maintenance') throw redirect(paths.maintenance.to());
    endSessionLocally();
    throw redirect(paths.organizationError.to());
  }
  if (result.status === 'valid') {
    const current = getAuthState().user;
    const fresh = result.session.user;
    if (!current || JSON.stringify(current) !== JSON.stringify(fresh)) setUser(fresh);
    rememberSessionCheck(fresh.id, result.session.impersonated);
    if (current?.locale !== fresh.locale) applyUserLocale(fresh.locale);
    return 'valid';
  }
  if (result.status === 'expired') endSessionLocally();
  return result.status;
}

/**
 * The full path being opened. Requests carry no fragment, so on a page load the fragment is taken
 * from the address bar when it is the same page.
 */
function targetOf(request: Request): string {
  const url = new URL(request.url);
  const target = fullPath(url);
  if (
    typeof window !== 'undefined' &&
    window.location.hash &&
    fullPath({ ...window.location, hash: '' }) === target
  ) {
    return `${target}${window.location.hash}`;
  }
  return target;
}

/** The login page that brings the user back to `target` afterwards (the full path, query included). */
function loginFor(target: string, extra: { error?: string; authError?: string } = {}): string {
  return paths.login.to({ redirect: target === paths.home.pattern ? undefined : target, ...extra });
}

/** Signed-in screens (main and simple layouts). */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  const organization = await resolveAddressOrganization();
  const target = targetOf(request);
  if (!hasSession()) throw redirect(loginFor(target));

  const mismatch = enforceOrganization(organization);
  if (mismatch) throw mismatch;

  const status = await verifySession(request);
  if (status === 'expired') {
    throw redirect(loginFor(target, comesFromLogin() ? {} : { authError: SESSION_EXPIRED }));
  }

  // A system administrator on the index of the system organisation lands on the organisations list.
  const url = new URL(request.url);
  const { user } = getAuthState();
  if (url.pathname === paths.home.pattern && user?.isSystemAdmin && organization.systemAdmin) {
    const error = url.searchParams.get(QUERY.error);
    throw redirect(
      `${paths.organizationsList.to()}${error ? `?${QUERY.error}=${encodeURIComponent(error)}` : ''}`,
    );
  }
  return null;
}

/** Sign-in, sign-up and password pages: a signed-in visitor goes on to where they were heading. */
export async function authenticationPage({ request }: LoaderFunctionArgs): Promise<null> {
  const organization = await resolveAddressOrganization();
  if (!hasSession()) return null;

  const mismatch = enforceOrganization(organization);
  if (mismatch) throw mismatch;

  const url = new URL(request.url);
  const status = await verifySession(request);
  if (
    status === 'valid' &&
    (url.pathname === paths.login.pattern || url.pathname === paths.register.pattern)
  ) {
    throw redirect(safeRedirect(url.searchParams.get(QUERY.redirect)));
  }
  if (
    status === 'expired' &&
    url.pathname === paths.login.pattern &&
    !comesFromLogin() &&
    !url.searchParams.has(QUERY.authError)
  ) {
    url.searchParams.set(QUERY.authError, SESSION_EXPIRED);
    throw redirect(`${url.pathname}${url.search}`);
  }
  return null;
}

/** Public pages of an organisation (its website, the onboarding): open to all, session checked quietly. */
export async function publicPage({ request }: LoaderFunctionArgs): Promise<null> {
  const organization = await resolveAddressOrganization();
  if (hasSession()) {
    const mismatch = enforceOrganization(organization);
    if (mismatch) throw mismatch;
    await verifySession(request);
  }
  return null;
}

/** Unknown path: signed in → index with error page-not-found; signed out → login with redirect and error. */
export async function unknownPath({ request }: LoaderFunctionArgs): Promise<never> {
  await resolveAddressOrganization();
  if (hasSession()) throw redirect(paths.home.to({ error: PAGE_NOT_FOUND }));
  throw redirect(loginFor(targetOf(request), { error: PAGE_NOT_FOUND }));
}

/** Guarded layouts re-run their guard at every navigation, not only when their own params change. */
export const alwaysRevalidate = () => true;
