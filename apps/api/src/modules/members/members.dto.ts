import {
  type Actor,
  ageInMonthsOn,
  cursorPageFields,
  canGrantRole,
  type DisplayNameFallback,
  displayName,
  formatAge,
  type Locale,
  localDay,
  type MemberListKind,
  type Role,
  ROLES,
} from '@inscrio/shared';
import { z } from 'zod';
import type { MemberAccount, MemberListRow, MemberRow, UserRow } from './members.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const roleLabel = (role: string, locale: Locale) => (ROLES.is(role) ? ROLES.label(role, locale) : role);

/** The display-name fallback word of a list (spec section 5): 'Membre', 'Participant' or 'Titulaire'. */
export const fallbackOfKind = (kind: MemberListKind): DisplayNameFallback =>
  kind === 'holders' ? 'holder' : kind === 'participants' ? 'participant' : 'member';

const fallbackOfAccount = (user: Pick<UserRow, 'role' | 'isHolder'>): DisplayNameFallback =>
  user.role !== 'user' ? 'member' : user.isHolder ? 'holder' : 'participant';

const establishmentRefSchema = z.object({ id: z.string(), name: z.string() });

/** One row of `GET /members`. */
export const memberListItemSchema = z.object({
  userId: z.string(),
  memberId: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  establishment: establishmentRefSchema,
  role: z.string(),
  roleLabel: z.string(),
  isHolder: z.boolean(),
  /** Members of the family still present, the account's own person included. */
  familySize: z.number().int(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

export type MemberListItemDto = z.infer<typeof memberListItemSchema>;

export const memberPageSchema = z.object({
  items: z.array(memberListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  ...cursorPageFields,
});

export const toMemberListItemDto = (
  row: MemberListRow,
  familySize: number,
  kind: MemberListKind,
  locale: Locale,
): MemberListItemDto => ({
  userId: row.userId,
  memberId: row.memberId,
  displayName: displayName(row, fallbackOfKind(kind), locale),
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  establishment: { id: row.establishmentId, name: row.establishmentName },
  role: row.role,
  roleLabel: roleLabel(row.role, locale),
  isHolder: row.role === 'user' && row.isHolder,
  familySize,
  lastLoginAt: iso(row.lastLoginAt),
  createdAt: row.createdAt.toISOString(),
});

const personSchema = z.object({
  gender: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthdate: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
});

const familyMemberSchema = personSchema.extend({
  id: z.string(),
  displayName: z.string(),
  /** Age in months today in the organisation's time zone; null without a birthdate. */
  ageMonths: z.number().int().nullable(),
  /** '8 ans', '6 mois' (formatAge); null without a birthdate. */
  ageText: z.string().nullable(),
});

const representativeSchema = z.object({
  userId: z.string(),
  memberId: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.string(),
  lastLoginAt: z.string().nullable(),
});

/** `GET /members/{userId}`: a member's page. */
export const memberDetailSchema = z.object({
  userId: z.string(),
  memberId: z.string(),
  familyId: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  isHolder: z.boolean(),
  isSystemAdmin: z.boolean(),
  establishment: establishmentRefSchema,
  locale: z.string(),
  /** Whether a password is set (false: invited and not yet chosen; e-mailed codes still work). */
  hasPassword: z.boolean(),
  person: personSchema,
  /** The family members without an account of their own (children, mostly), oldest first. */
  family: z.array(familyMemberSchema),
  /** The other adults sharing the family, each with their own account. */
  representatives: z.array(representativeSchema),
  /** What the caller may do here: edit the account, and change its role (never one's own). */
  permissions: z.object({ canEdit: z.boolean(), canChangeRole: z.boolean() }),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  // The member page's registrations and orders tabs read `GET /participants?familyId=` and
  // `GET /orders?familyId=`; its documents tab is filled by the documents issue (certificates).
  documents: z.array(z.unknown()),
});

export type MemberDetailDto = z.infer<typeof memberDetailSchema>;

const toPerson = (member: MemberRow, email: string | null) => ({
  gender: member.gender,
  firstName: member.firstName,
  lastName: member.lastName,
  birthdate: member.birthdate,
  address: member.address,
  city: member.city,
  postalCode: member.postalCode,
  country: member.country,
  phoneNumber: member.phoneNumber,
  email,
});

/** Whether `actor` may change `user` at all: only accounts whose current role the actor could give. */
export const mayEditAccount = (actor: Actor, user: Pick<UserRow, 'role' | 'isSystemAdmin'>): boolean =>
  (!user.isSystemAdmin || actor.isSystemAdmin) &&
  ROLES.is(user.role) &&
  canGrantRole(actor, user.role as Role);

export function toMemberDetailDto(
  account: MemberAccount,
  family: { member: MemberRow; user: UserRow | null }[],
  context: { actor: Actor; actorUserId: string; locale: Locale; timeZone: string; now: Date },
): MemberDetailDto {
  const { user, member, establishmentName } = account;
  const { actor, locale, timeZone, now } = context;
  const canEdit = mayEditAccount(actor, user);
  return {
    userId: user.id,
    memberId: member.id,
    familyId: user.familyId,
    displayName: displayName({ ...member, email: user.email }, fallbackOfAccount(user), locale),
    email: user.email,
    role: user.role,
    roleLabel: roleLabel(user.role, locale),
    isHolder: user.role === 'user' && user.isHolder,
    isSystemAdmin: user.isSystemAdmin,
    establishment: { id: user.establishmentId, name: establishmentName },
    locale: user.locale,
    hasPassword: user.passwordHash !== null,
    person: toPerson(member, user.email),
    family: family
      .filter((row) => row.member.userId === null)
      .map(({ member: person }) => {
        const ageMonths = ageInMonthsOn(person.birthdate, localDay(now, timeZone));
        return {
          id: person.id,
          displayName: displayName(person, 'member', locale),
          ...toPerson(person, person.email),
          ageMonths,
          ageText: ageMonths === null ? null : formatAge(ageMonths, locale),
        };
      }),
    representatives: family
      .filter((row) => row.user !== null && row.user.id !== user.id)
      .map(({ member: person, user: other }) => ({
        userId: other!.id,
        memberId: person.id,
        displayName: displayName({ ...person, email: other!.email }, 'member', locale),
        email: other!.email,
        role: other!.role,
        lastLoginAt: iso(other!.lastLoginAt),
      })),
    permissions: { canEdit, canChangeRole: canEdit && user.id !== context.actorUserId },
    lastLoginAt: iso(user.lastLoginAt),
    createdAt: user.createdAt.toISOString(),
    documents: [],
  };
}
