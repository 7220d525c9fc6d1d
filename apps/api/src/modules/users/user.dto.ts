import { z } from 'zod';
import type { Account, MemberRow } from './user.repository';

export const userSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  memberId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  isHolder: z.boolean(),
  isSystemAdmin: z.boolean(),
  establishment: z.string(),
  locale: z.string(),
  hasAcceptedROIAt: z.string().nullable(),
  hasAcceptedLegalMentionsAt: z.string().nullable(),
  onboardingAchievements: z.string(),
  lastLoginAt: z.string().nullable(),
});

export type UserDto = z.infer<typeof userSchema>;

export const memberSchema = z.object({
  id: z.string(),
  isHolder: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  birthdate: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

export type MemberDto = z.infer<typeof memberSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toUserDto = ({ user, member }: Account): UserDto => ({
  id: user.id,
  organizationId: user.organizationId,
  memberId: member.id,
  email: user.email,
  firstName: member.firstName,
  lastName: member.lastName,
  role: user.role,
  isHolder: user.isHolder,
  isSystemAdmin: user.isSystemAdmin,
  establishment: user.establishmentId,
  locale: user.locale,
  hasAcceptedROIAt: iso(user.hasAcceptedRoiAt),
  hasAcceptedLegalMentionsAt: iso(user.hasAcceptedLegalMentionsAt),
  onboardingAchievements: user.onboardingAchievements,
  lastLoginAt: iso(user.lastLoginAt),
});

/** A member as its family sees it. The account's own member carries the account's e-mail. */
export const toMemberDto = (member: MemberRow, account?: Account['user']): MemberDto => ({
  id: member.id,
  isHolder: account?.isHolder ?? false,
  firstName: member.firstName,
  lastName: member.lastName,
  email: account?.email ?? member.email,
  gender: member.gender,
  birthdate: member.birthdate,
  address: member.address,
  city: member.city,
  postalCode: member.postalCode,
  country: member.country,
  phoneNumber: member.phoneNumber,
});

/** `GET /me/user` and `PATCH /users/me`: the account, and the address waiting for confirmation if any. */
export const currentUserSchema = userSchema.extend({ pendingEmail: z.string().nullable() });
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

/** `PATCH /me/member`: the person, and the address waiting for confirmation if any. */
export const memberUpdateResultSchema = memberSchema.extend({ pendingEmail: z.string().nullable() });

/** Company billing details (spec section 3 'Company'), printed on invoices instead of the person. */
export const companyDtoSchema = z.object({
  name: z.string(),
  vatNumber: z.string(),
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type CompanyDto = z.infer<typeof companyDtoSchema>;

export const companyResultSchema = z.object({ company: companyDtoSchema.nullable() });

/** The company of an account, or null when none was given (a complete one is all or nothing). */
export function toCompanyDto(user: Account['user']): CompanyDto | null {
  const { companyName, companyVatNumber, companyAddress, companyCity, companyPostalCode, companyCountry } =
    user;
  if (
    !companyName ||
    !companyVatNumber ||
    !companyAddress ||
    !companyCity ||
    !companyPostalCode ||
    !companyCountry
  ) {
    return null;
  }
  return {
    name: companyName,
    vatNumber: companyVatNumber,
    address: companyAddress,
    city: companyCity,
    postalCode: companyPostalCode,
    country: companyCountry,
  };
}

const conditionSchema = z.object({
  /** When the organisation published the current version; null when it has none. */
  publishedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** Published, and never accepted or accepted before this version. */
  mustAccept: z.boolean(),
  /** The document in force (`GET /documents/{id}/file`) and its version; null when none was uploaded. */
  documentId: z.string().nullable(),
  version: z.number().int().nullable(),
  /** The version the user last accepted (null: none, or one published without a document). */
  acceptedVersion: z.number().int().nullable(),
});

/** `GET /me/conditions`: the rules of procedure (ROI) and the legal mentions. */
export const conditionsSchema = z.object({ roi: conditionSchema, legalMentions: conditionSchema });
export type ConditionsDto = z.infer<typeof conditionsSchema>;
