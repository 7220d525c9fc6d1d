import type { Role } from '@inscrio/shared';

/*
 * Shapes of the API answers the shell reads (see apps/api: organization.dto.ts, user.dto.ts and the
 * sign-in result of auth.routes.ts). They are DTOs, never database rows.
 */

/** What anyone may know about an organisation (directory lookups, sign-in result). */
export interface PublicOrganization {
  id: string;
  key: string;
  name: string;
  logoAsset: string | null;
  timeZone: string;
  defaultLocale: string;
  systemAdmin: boolean;
  maintenance: boolean;
}

export interface User {
  id: string;
  /** The organisation the account belongs to ('org_sysadmin' for platform staff). */
  organizationId: string;
  memberId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isHolder: boolean;
  isSystemAdmin: boolean;
  establishment: string;
  locale: string;
  hasAcceptedROIAt: string | null;
  hasAcceptedLegalMentionsAt: string | null;
  onboardingAchievements: string;
  lastLoginAt: string | null;
}

/** The signed-in user's own person. */
export interface Member {
  id: string;
  isHolder: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  gender: string | null;
  birthdate: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  phoneNumber: string | null;
}

export interface SignInResult {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  user: User;
  isSystemAdmin: boolean;
  /** The organisation signed into: the one of the address, also for platform staff. */
  organization: PublicOrganization;
}

/** `GET /auth/session`: the authentication check run at each navigation. */
export interface SessionStatus {
  authenticated: true;
  user: User;
  isSystemAdmin: boolean;
  organizationId: string;
  impersonated: boolean;
}

/** Body of every failed API call. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  details?: ApiErrorDetail[];
}

export interface ApiErrorDetail {
  field: string;
  rule: string;
  message: string;
  /** Values to pick instead (free organisation keys). */
  suggestions?: string[];
}
