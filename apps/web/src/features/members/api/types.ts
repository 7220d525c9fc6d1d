import type { Role } from '@inscrio/shared';

/*
 * Shapes of the members administration's answers (apps/api/src/modules/members/members.dto.ts): DTOs,
 * never database rows.
 */

export interface EstablishmentRef {
  id: string;
  name: string;
}

/** One row of `GET /members`. */
export interface MemberListItem {
  userId: string;
  memberId: string;
  /** The display name with the fallback of spec section 5 ('Membre', 'Participant', 'Titulaire'). */
  displayName: string;
  firstName: string;
  lastName: string;
  email: string;
  establishment: EstablishmentRef;
  role: Role;
  roleLabel: string;
  isHolder: boolean;
  /** People of the family still present, the account's own person included. */
  familySize: number;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MemberPerson {
  gender: string | null;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  phoneNumber: string | null;
  email: string | null;
}

/** A family member without an account of their own (a child, mostly). */
export interface FamilyMember extends MemberPerson {
  id: string;
  displayName: string;
  ageMonths: number | null;
  /** '8 ans', '6 mois'; null without a birthdate. */
  ageText: string | null;
}

/** Another adult sharing the family, with their own account. */
export interface Representative {
  userId: string;
  memberId: string;
  displayName: string;
  email: string;
  role: Role;
  lastLoginAt: string | null;
}

/** `GET /members/{userId}`: a member's page. */
export interface MemberDetail {
  userId: string;
  memberId: string;
  familyId: string;
  displayName: string;
  email: string;
  role: Role;
  roleLabel: string;
  isHolder: boolean;
  isSystemAdmin: boolean;
  establishment: EstablishmentRef;
  locale: string;
  /** False: invited and no password chosen yet (e-mailed codes still work). */
  hasPassword: boolean;
  person: MemberPerson;
  family: FamilyMember[];
  representatives: Representative[];
  /** What the caller may do: edit the account, and change its role (never their own). */
  permissions: { canEdit: boolean; canChangeRole: boolean };
  lastLoginAt: string | null;
  createdAt: string;
  /** Filled by the documents issue (certificates). */
  documents: unknown[];
}

export interface EstablishmentOption {
  id: string;
  name: string;
  isDefault: boolean;
}
