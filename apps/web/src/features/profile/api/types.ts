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

/** The stored user without what only the current-user answers carry. */
export function userOf({ pendingEmail: _pending, ...user }: CurrentUser): User {
  return user;
}

export function memberOf({ pendingEmail: _pending, ...member }: MemberUpdateResult): Member {
  return member;
}
