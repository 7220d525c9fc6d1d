import { z } from 'zod';
import { ROLES, type Role } from '../enums';
import type { Locale } from '../locale';
import type { Actor } from '../permissions';
import { firstIssue, requiredText, typeError } from '../validation/fields';
import { message } from '../validation/messages';
import { listCursorField } from './list.schema';
import {
  delegatedPersonSchema,
  personFormSchema,
  personSchema,
  withPersonContactRules,
} from '../validation/person.schema';

/*
 * Payloads of the members administration (`/members`, for managers: canManageUsers), shared by the API
 * and the web screens `/members/all|participants|holders`, `/members/create` and a member's page.
 */

/** Which accounts a list shows: all, participants (role user, not holder) or holders (role user, holder). */
export const MEMBER_LIST_KINDS = ['all', 'participants', 'holders'] as const;
export type MemberListKind = (typeof MEMBER_LIST_KINDS)[number];

export const MEMBER_SORTS = ['name', 'email', 'lastLoginAt', 'createdAt', 'familySize'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Family members a manager may add along with a new account. */
export const MEMBER_CREATE_MAX_FAMILY = 10;
/** Rows of a CSV export at most; the export says when it was cut. */
export const MEMBER_EXPORT_MAX_ROWS = 10_000;
/** Days an invitation link (choose your password) stays valid. */
export const MEMBER_INVITATION_DAYS = 7;

/**
 * Roles `actor` may give (or take away) when creating or editing an account, spec section 6 refined:
 * an administrator or system administrator any role; an organisation manager or support staff user,
 * est-manager and org-manager; an establishment manager only user (holder or not, in their own
 * establishment). Nobody but an administrator gives support or admin; the system administrator flag is
 * never given through these screens.
 */
export function canGrantRole(actor: Actor | null | undefined, role: Role): boolean {
  if (!actor) return false;
  if (actor.isSystemAdmin || actor.role === 'admin') return true;
  switch (actor.role) {
    case 'support':
    case 'org-manager':
      return role === 'user' || role === 'est-manager' || role === 'org-manager';
    case 'est-manager':
      return role === 'user';
    default:
      return false;
  }
}

/** The roles `actor` may choose from, in the order of `ROLES` (the role select of the member forms). */
export const grantableRoles = (actor: Actor | null | undefined): Role[] =>
  ROLES.values.filter((role) => canGrantRole(actor, role));

const enumField = <const T extends readonly [string, ...string[]]>(values: T, locale: Locale) =>
  z.enum(values, { error: message('choice', locale) });

const booleanField = (locale: Locale) => z.boolean({ error: typeError(locale) });

const idField = (locale: Locale) =>
  requiredText(locale).max(100, { error: message('maxLength', locale, { max: 100 }), ...firstIssue });

const wholeParam = (locale: Locale, max: number) =>
  z.coerce
    .number({ error: message('format', locale) })
    .int({ error: message('integer', locale) })
    .min(1, { error: message('positive', locale) })
    .max(max, { error: message('format', locale) });

/** Filters and sort shared by the list and the CSV export. */
const memberFilterFields = (locale: Locale) => ({
  kind: enumField(MEMBER_LIST_KINDS, locale).default('all'),
  /** Part of the name or e-mail, case-insensitive. */
  q: z
    .string({ error: message('format', locale) })
    .trim()
    .max(100, { error: message('format', locale) })
    .optional(),
  establishmentId: z
    .string({ error: message('format', locale) })
    .trim()
    .min(1, { error: message('format', locale) })
    .max(100, { error: message('format', locale) })
    .optional(),
  role: enumField(ROLES.values, locale).optional(),
  sort: enumField(MEMBER_SORTS, locale).default('name'),
  order: enumField(SORT_ORDERS, locale).default('asc'),
});

/** `GET /members`: filters, sort and page (`page` 1-based, `pageSize` 20 by default, at most 100). */
export const memberListQuerySchema = (locale: Locale) =>
  z.object({
    ...memberFilterFields(locale),
    page: wholeParam(locale, 1_000_000).default(1),
    pageSize: wholeParam(locale, 100).default(20),
    after: listCursorField(locale),
  });

/** `GET /members/export.csv`: the list's filters and sort, every row (up to the export limit). */
export const memberExportQuerySchema = (locale: Locale) => z.object(memberFilterFields(locale));

/** Adds 'only a basic user can be a holder' on `isHolder` when a holder is asked with another role. */
function checkHolderRole(
  value: { role?: unknown; isHolder?: unknown },
  ctx: z.RefinementCtx,
  locale: Locale,
) {
  if (value.isHolder === true && value.role !== undefined && value.role !== 'user') {
    ctx.addIssue({ code: 'custom', path: ['isHolder'], message: message('holderNeedsUserRole', locale) });
  }
}

/**
 * `POST /members`: a member account created by a manager. No password: with `sendInvitation` the person
 * gets a link to choose one (valid 7 days); they can always sign in with an e-mailed code.
 */
export const createMemberSchema = (locale: Locale) =>
  z
    .object(
      {
        person: personFormSchema(locale),
        role: enumField(ROLES.values, locale).default('user'),
        isHolder: booleanField(locale).default(false),
        /** Default: the establishment manager's own establishment, else `est_default`. */
        establishmentId: idField(locale).optional(),
        sendInvitation: booleanField(locale).default(false),
        familyMembers: z
          .array(delegatedPersonSchema(locale), { error: message('list', locale) })
          .max(MEMBER_CREATE_MAX_FAMILY, {
            error: message('tooManyItems', locale, { max: MEMBER_CREATE_MAX_FAMILY }),
          })
          .default([]),
      },
      { error: typeError(locale) },
    )
    .superRefine((value, ctx) => checkHolderRole(value, ctx, locale));

/**
 * `PATCH /members/{userId}`: any of role, establishment, holder flag and person fields (the person rules
 * apply to each field given), at least one.
 */
export const updateMemberAccountSchema = (locale: Locale) =>
  z
    .object(
      {
        role: enumField(ROLES.values, locale).optional(),
        establishmentId: idField(locale).optional(),
        isHolder: booleanField(locale).optional(),
        person: withPersonContactRules(personSchema(locale).partial(), locale).optional(),
      },
      { error: typeError(locale) },
    )
    .refine(
      ({ person, ...account }) =>
        Object.values(account).some((field) => field !== undefined) ||
        (person !== undefined && Object.keys(person).length > 0),
      { error: message('required', locale) },
    )
    .superRefine((value, ctx) => checkHolderRole(value, ctx, locale));

export type MemberListQuery = z.infer<ReturnType<typeof memberListQuerySchema>>;
export type MemberExportQuery = z.infer<ReturnType<typeof memberExportQuerySchema>>;
export type CreateMemberInput = z.infer<ReturnType<typeof createMemberSchema>>;
export type UpdateMemberAccountInput = z.infer<ReturnType<typeof updateMemberAccountSchema>>;
