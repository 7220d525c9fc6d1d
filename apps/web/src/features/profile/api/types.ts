import type { Member, User } from '@/lib/api-types';

/*
 * Shapes of the current user's calls (apps/api/src/modules/users/user.dto.ts and privacy.dto.ts).
 */

/** `GET /me/user`, `PATCH /users/me`: the account, and the address waiting for confirmation if any. */
export interface CurrentUser extends User {
  pendingEmail: string | null;
}

/** `PATCH /me/member`: the person, and the address waiting for confirmation if any. */
export interface MemberUpdateResult extends Member {
  pendingEmail: string | null;
}

/** Company billing details, printed on invoices instead of the person. */
export interface Company {
  name: string;
  vatNumber: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface Condition {
  /** When the organisation published the version in force; null when it has none. */
  publishedAt: string | null;
  acceptedAt: string | null;
  /** Published, and never accepted or accepted before this version. */
  mustAccept: boolean;
  /** The version in force's document: what accepting names (refused if a newer one came meanwhile). */
  documentId: string | null;
}

/** `GET /me/conditions`: the rules of procedure (ROI) and the legal mentions. */
export interface Conditions {
  roi: Condition;
  legalMentions: Condition;
}

/** The stored user without what only the current-user answers carry. */
export function userOf({ pendingEmail: _pending, ...user }: CurrentUser): User {
  return user;
}

export function memberOf({ pendingEmail: _pending, ...member }: MemberUpdateResult): Member {
  return member;
}
