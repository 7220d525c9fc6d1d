import type { Role } from './enums';

/** Who is acting: the organisation role plus the two flags that refine it. */
export interface Actor {
  role: Role;
  isHolder: boolean;
  isSystemAdmin: boolean;
}

/** Predicates accept a missing actor (signed out) and then answer false. */
type MaybeActor = Actor | null | undefined;

/** The special organisation id a system administrator acts on inside the system organisation. */
export const SYSTEM_ORGANIZATION_ID = 'org_sysadmin';
/** Establishment of a user whose establishment is not set. */
export const DEFAULT_ESTABLISHMENT_ID = 'est_default';

const MANAGER_ROLES: ReadonlySet<Role> = new Set(['est-manager', 'org-manager', 'support', 'admin']);
const ORG_MANAGER_ROLES: ReadonlySet<Role> = new Set(['org-manager', 'support', 'admin']);
const SUPPORT_ROLES: ReadonlySet<Role> = new Set(['support', 'admin']);

export function isSystemAdmin(actor: MaybeActor): boolean {
  return actor?.isSystemAdmin === true;
}

/** A participant-holder: role user with the holder flag (other roles are not holders, even flagged). */
export function isHolder(actor: MaybeActor): boolean {
  return actor?.role === 'user' && actor.isHolder;
}

/** A plain member: role user, not holder and not system administrator. */
export function isParticipant(actor: MaybeActor): boolean {
  return actor != null && actor.role === 'user' && !actor.isHolder && !actor.isSystemAdmin;
}

/** Holder or any non-user role (the system administrator included). */
export function isElevated(actor: MaybeActor): boolean {
  return actor != null && (isHolder(actor) || actor.role !== 'user' || actor.isSystemAdmin);
}

export function canManageServices(actor: MaybeActor): boolean {
  return isHolder(actor) || canManageUsers(actor);
}

/** Managers, support, admin and system admin; not holders. */
export function canManageUsers(actor: MaybeActor): boolean {
  return actor != null && (MANAGER_ROLES.has(actor.role) || actor.isSystemAdmin);
}

export function isAtLeastHolder(actor: MaybeActor): boolean {
  return isElevated(actor);
}

export function isAtLeastEstManager(actor: MaybeActor): boolean {
  return actor != null && (MANAGER_ROLES.has(actor.role) || actor.isSystemAdmin);
}

export function isAtLeastOrgManager(actor: MaybeActor): boolean {
  return actor != null && (ORG_MANAGER_ROLES.has(actor.role) || actor.isSystemAdmin);
}

export function isAtLeastSupport(actor: MaybeActor): boolean {
  return actor != null && (SUPPORT_ROLES.has(actor.role) || actor.isSystemAdmin);
}

/**
 * Organisation id a request acts on (the x-organization-id header). A system administrator whose
 * selected organisation is the system one acts on `org_sysadmin`; everyone else on the selected id.
 * `selectedIsSystem` defaults to "the selected id is already `org_sysadmin`"; pass the organisation's
 * system flag when the system organisation has another id. A system administrator with no selection is
 * in system mode.
 */
export function actingOrganizationId(
  actor: MaybeActor,
  selectedOrganizationId: string,
  selectedIsSystem?: boolean,
): string;
export function actingOrganizationId(
  actor: MaybeActor,
  selectedOrganizationId: string | null | undefined,
  selectedIsSystem?: boolean,
): string | null;
export function actingOrganizationId(
  actor: MaybeActor,
  selectedOrganizationId: string | null | undefined,
  selectedIsSystem: boolean = selectedOrganizationId === SYSTEM_ORGANIZATION_ID,
): string | null {
  if (isSystemAdmin(actor) && (selectedIsSystem || selectedOrganizationId == null)) {
    return SYSTEM_ORGANIZATION_ID;
  }
  return selectedOrganizationId ?? null;
}

export const USER_KINDS = [
  'system-admin',
  'support',
  'org-manager',
  'est-manager',
  'holder',
  'user',
] as const;
export type UserKind = (typeof USER_KINDS)[number];

/**
 * The kind that picks the side menu. Admins share the organisation manager's menu, and so does a system
 * administrator inside a regular organisation.
 */
export function userKind(actor: Actor, organizationIsSystem: boolean): UserKind {
  if (actor.isSystemAdmin) return organizationIsSystem ? 'system-admin' : 'org-manager';
  switch (actor.role) {
    case 'support':
      return 'support';
    case 'admin':
    case 'org-manager':
      return 'org-manager';
    case 'est-manager':
      return 'est-manager';
    case 'user':
      return actor.isHolder ? 'holder' : 'user';
  }
}

/**
 * Accounting (invoices, credit notes, bank statements) is organisation-wide: organisation managers and
 * above, and establishment managers of the default establishment (those of a secondary establishment
 * only see their establishment's data, so the menu hides Comptabilité from them, spec section 2).
 */
export function canManageAccounting(actor: MaybeActor, establishmentId?: string | null): boolean {
  if (isAtLeastOrgManager(actor)) return true;
  return (
    actor?.role === 'est-manager' &&
    (establishmentId ?? DEFAULT_ESTABLISHMENT_ID) === DEFAULT_ESTABLISHMENT_ID
  );
}

/**
 * Platform staff: system administrators and support, whose accounts live in the system organisation
 * (`homeOrganizationId`: the organisation the account belongs to, not the one it acts in). They may act
 * inside any organisation; the platform's screens (organisations, staff, billing) are theirs.
 */
export function isPlatformStaff(actor: MaybeActor, homeOrganizationId: string | null | undefined): boolean {
  return (
    homeOrganizationId === SYSTEM_ORGANIZATION_ID &&
    (isSystemAdmin(actor) || actor?.role === 'support' || actor?.role === 'admin')
  );
}

/** A system administrator of the platform: the flag, on an account of the system organisation. */
export function isPlatformAdmin(actor: MaybeActor, homeOrganizationId: string | null | undefined): boolean {
  return homeOrganizationId === SYSTEM_ORGANIZATION_ID && isSystemAdmin(actor);
}

/** Who stands where in « Contacter l'administration ». */
export type SupportStanding =
  /** A system administrator: reads every thread, answers and closes. */
  | 'platform'
  /** Support staff of the system organisation: writes, reads their own threads. */
  | 'support'
  /** A club's administrator: writes, reads their organisation's threads. */
  | 'club-admin'
  | 'none';

/** The caller's standing, from their role and whether their own organisation is the system one. */
export function supportStanding(actor: Actor, homeIsSystem: boolean): SupportStanding {
  if (actor.isSystemAdmin) return 'platform';
  if (homeIsSystem) return actor.role === 'support' ? 'support' : 'none';
  return actor.role === 'admin' ? 'club-admin' : 'none';
}
