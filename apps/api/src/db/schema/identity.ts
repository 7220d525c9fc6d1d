import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { establishments, organizations } from './organizations';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A household: the user accounts (parents, representatives) and members sharing it. */
export const families = pgTable(
  'families',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

/** A sign-in account. Belongs to one organisation; its e-mail is unique within it. */
export const users = pgTable(
  'users',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    familyId: text('family_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    isHolder: boolean('is_holder').notNull().default(false),
    isSystemAdmin: boolean('is_system_admin').notNull().default(false),
    establishmentId: text('establishment_id').notNull().default('est_default'),
    locale: text('locale').notNull().default('fr'),
    hasAcceptedRoiAt: timestamp('has_accepted_roi_at', { withTimezone: true }),
    hasAcceptedLegalMentionsAt: timestamp('has_accepted_legal_mentions_at', { withTimezone: true }),
    onboardingAchievements: text('onboarding_achievements').notNull().default(''),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The account's own choice to get the reminders the day before each session (« Mon profil », or unsubscribed). */
    sessionReminders: boolean('session_reminders').notNull().default(true),
    /** The account's choice to be told a recovery token is about to expire (« Mon profil », or unsubscribed). */
    recoveryReminders: boolean('recovery_reminders').notNull().default(true),
    /**
     * The key the members list sorts by name on: its own member's « first last », trimmed and in lower
     * case, or its e-mail when both are empty. Kept by triggers (migration 0017_list_keyset), never written.
     */
    sortName: text('sort_name').notNull().default(''),
    /** Company billing details given on the profile, printed on invoices instead of the person. */
    companyName: text('company_name'),
    companyVatNumber: text('company_vat_number'),
    companyAddress: text('company_address'),
    companyCity: text('company_city'),
    companyPostalCode: text('company_postal_code'),
    companyCountry: text('company_country'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('users_org_email_unique').on(t.organizationId, sql`lower(${t.email})`),
    // A club's sign-up refuses an address that has an account anywhere (modules/platform/onboarding).
    index('users_email_lower').on(sql`lower(${t.email})`),
    // The members lists sort and filter on these; a page must not cost more in a bigger organisation.
    index('users_org_created').on(t.organizationId, t.createdAt),
    index('users_org_last_login').on(t.organizationId, t.lastLoginAt),
    index('users_org_establishment').on(t.organizationId, t.establishmentId),
    index('users_org_sort_name')
      .on(t.organizationId, t.sortName, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The live accounts by id: with the members' (organisation, user) index, the members list's bounded
    // count is a merge of two index-only scans, 1,001 rows read whatever the organisation's size (by the
    // primary key it read each account's row for `deleted_at`: 6x the pages at 200,000 accounts).
    index('users_org_live_id')
      .on(t.organizationId, t.id)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.establishmentId],
      foreignColumns: [establishments.organizationId, establishments.id],
    }),
  ],
);

/** A person: the user's own member (user_id set) or a family member managed by the family's users. */
export const members = pgTable(
  'members',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    id: text('id').notNull(),
    familyId: text('family_id').notNull(),
    userId: text('user_id'),
    gender: text('gender'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    birthdate: date('birthdate', { mode: 'string' }),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('members_org_user_unique').on(t.organizationId, t.userId),
    index('members_org_family').on(t.organizationId, t.familyId),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/**
 * One signed-in session: a chain of rotated refresh tokens. Revoking it ends the session, and the
 * access tokens that carry its id stop working at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    impersonatorUserId: text('impersonator_user_id'),
    impersonatorOrganizationId: text('impersonator_organization_id'),
    method: text('method').notNull(),
    /** For system staff signed in on another organisation's address: the organisation they work in. */
    actingOrganizationId: text('acting_organization_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('auth_sessions_user').on(t.organizationId, t.userId),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes. A used one is kept to detect reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    sessionId: text('session_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    foreignKey({
      columns: [t.organizationId, t.sessionId],
      foreignColumns: [authSessions.organizationId, authSessions.id],
    }),
  ],
);

/** E-mailed sign-in codes: 6 digits, HMAC-hashed, valid 10 minutes, 5 tries. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('one_time_codes_user').on(t.organizationId, t.userId, t.createdAt),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/**
 * Single-use, 60-second sign-in hand-off codes (SHA-256 hashed): a new club's administrator lands
 * signed in on its subdomain, system staff move into a club, without a token in any address. Bound to
 * the account (`organization_id`, `user_id`) and to the organisation it signs into.
 */
export const handoffCodes = pgTable(
  'handoff_codes',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    targetOrganizationId: text('target_organization_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('handoff_codes_hash_unique').on(t.codeHash),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/**
 * Single-use links that set a password, stored hashed: a reset (valid one hour) or the invitation of an
 * account created by a manager (valid longer).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    /** reset | invitation */
    purpose: text('purpose').notNull().default('reset'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/** A change of e-mail waiting for the owner of the new address to confirm it (single-use link). */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('email_change_tokens_hash_unique').on(t.tokenHash),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }),
  ],
);

/**
 * An invitation to share a family: another adult (second parent, guardian) who, once accepted, manages
 * the same family members with their own sign-in.
 */
export const representativeInvitations = pgTable(
  'representative_invitations',
  {
    organizationId: text('organization_id').notNull(),
    id: text('id').notNull(),
    familyId: text('family_id').notNull(),
    invitedByUserId: text('invited_by_user_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** pending | accepted | declined | revoked */
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedUserId: text('accepted_user_id'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('representative_invitations_hash_unique').on(t.tokenHash),
    index('representative_invitations_family').on(t.organizationId, t.familyId),
    foreignKey({
      columns: [t.organizationId, t.familyId],
      foreignColumns: [families.organizationId, families.id],
    }),
  ],
);
