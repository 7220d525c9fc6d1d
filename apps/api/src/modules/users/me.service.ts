import {
  type ChangePasswordInput,
  type CompanyInput,
  EMAIL_CHANGE_TTL_HOURS,
  isOnboardingAchievement,
  type Locale,
  MESSAGES,
  message,
  type PersonInput,
  resolveLocale,
  type UpdateMeInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthContext } from '../../lib/access';
import { assertLinkOwner } from './link-owner';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { assertContactRules } from './person-rules';
import { type CurrentUserDto, toCompanyDto, toMemberDto, toUserDto } from './user.dto';
import { type Account, createUserRepository, type UserRepository } from './user.repository';

const EMAIL_LINK_INVALID: Record<Locale, string> = {
  fr: 'Ce lien de confirmation est invalide ou a expiré. Modifiez à nouveau votre adresse pour en recevoir un nouveau.',
  en: 'This confirmation link is invalid or has expired. Change your address again to receive a new one.',
};

const CURRENT_PASSWORD_WRONG: Record<Locale, string> = {
  fr: 'Le mot de passe actuel est incorrect.',
  en: 'The current password is incorrect.',
};

/** The signed-in user's own account and person. Always the caller's own rows: no id comes from input. */
export function createMeService(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  async function ownAccount(auth: AuthContext) {
    const account = await users.findAccountById(auth.homeOrganizationId, auth.userId);
    if (!account) throw new AppError('session_expired');
    return account;
  }

  async function pendingEmailOf(auth: AuthContext): Promise<string | null> {
    const pending = await users.findPendingEmailChange(auth.homeOrganizationId, auth.userId, ctx.clock.now());
    return pending?.newEmail ?? null;
  }

  async function currentUser(auth: AuthContext): Promise<CurrentUserDto> {
    return { ...toUserDto(await ownAccount(auth)), pendingEmail: await pendingEmailOf(auth) };
  }

  /**
   * What an `email` in an update asks for: nothing, a change (counted against the account's e-mail
   * budget), or keeping the current address, which cancels a change waiting for confirmation.
   */
  async function emailChangeWanted(
    auth: AuthContext,
    account: Account,
    email: string | undefined,
  ): Promise<'none' | 'change' | 'keep'> {
    if (email === undefined) return 'none';
    if (email.trim().toLowerCase() === account.user.email.toLowerCase()) return 'keep';
    // Each request mails an address the caller chose: limited like the sign-in e-mails.
    await ctx.rateLimiter.consume(
      `email-change:account:${auth.homeOrganizationId}:${auth.userId}`,
      ctx.rateLimits.perAccount,
    );
    return 'change';
  }

  async function applyEmailRequest(
    repository: UserRepository,
    account: Account,
    wanted: 'none' | 'change' | 'keep',
    email: string | undefined,
  ) {
    if (wanted === 'change') await requestEmailChange(repository, account, email!);
    if (wanted === 'keep') {
      await repository.voidEmailChangeTokens(account.user.organizationId, account.user.id, ctx.clock.now());
    }
  }

  /**
   * Starts an e-mail change: the address is checked free now (409), a single-use link valid 24 hours is
   * mailed to it, and the account keeps its address until the link is used (`confirmEmailChange`).
   */
  async function requestEmailChange(repository: UserRepository, account: Account, email: string) {
    const { user } = account;
    const newEmail = email.trim().toLowerCase();
    if (await repository.emailTaken(user.organizationId, newEmail, user.id))
      throw new AppError('email_taken');
    const organization = await createOrganizationRepository(repository.executor).findById(
      user.organizationId,
    );
    if (!organization) throw new AppError('organization_not_found');
    const token = randomToken();
    const now = ctx.clock.now();
    await repository.insertEmailChangeToken({
      organizationId: user.organizationId,
      userId: user.id,
      newEmail,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3600_000),
      now,
    });
    await ctx.mailer.send(
      {
        to: newEmail,
        locale: resolveLocale(user.locale),
        organizationId: organization.id,
        executor: repository.executor,
      },
      'email-change',
      {
        organizationName: organization.name,
        newEmail,
        hours: EMAIL_CHANGE_TTL_HOURS,
        link: organizationUrl(
          ctx.config,
          organization.key,
          `/redirect-message?type=email-change&token=${encodeURIComponent(token)}`,
        ),
      },
    );
  }

  return {
    ownAccount,

    getUser: async (auth: AuthContext) => toUserDto(await ownAccount(auth)),

    /** `GET /me/user`: the account and its e-mail waiting for confirmation. */
    getCurrentUser: currentUser,

    getMember: async (auth: AuthContext) => {
      const account = await ownAccount(auth);
      return toMemberDto(account.member, account.user);
    },

    /** `PATCH /me/member`: the person's fields now; a new e-mail once its owner confirms it. */
    async updateMember(auth: AuthContext, input: Partial<PersonInput>, locale: Locale) {
      const account = await ownAccount(auth);
      const { email, ...person } = input;
      assertContactRules(account.member, person, locale);
      const changeEmail = await emailChangeWanted(auth, account, email);
      await ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        await applyEmailRequest(repository, account, changeEmail, email);
        await repository.updateMember(auth.homeOrganizationId, account.member.id, person);
      });
      const updated = await ownAccount(auth);
      return { ...toMemberDto(updated.member, updated.user), pendingEmail: await pendingEmailOf(auth) };
    },

    /** `PATCH /users/me`: names now; a new e-mail once its owner confirms it. */
    async updateUser(auth: AuthContext, input: UpdateMeInput): Promise<CurrentUserDto> {
      const account = await ownAccount(auth);
      const changeEmail = await emailChangeWanted(auth, account, input.email);
      await ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        await applyEmailRequest(repository, account, changeEmail, input.email);
        await repository.updateMember(auth.homeOrganizationId, account.member.id, {
          firstName: input.firstName,
          lastName: input.lastName,
        });
      });
      return currentUser(auth);
    },

    /**
     * `POST /me/email/confirm` (public: the link may be opened signed out, or on another device). Uses
     * the link once, for the account that asked only; the address must still be free, checked again now
     * (409). The old address is told.
     */
    async confirmEmailChange(
      organizationId: string,
      token: string,
      meta: { ip: string; locale: Locale },
      caller: AuthContext | null,
    ): Promise<{ email: string }> {
      await ctx.rateLimiter.consume(`email-confirm:ip:${meta.ip}`, ctx.rateLimits.perAddress);
      const organization = await organizations.findById(organizationId);
      if (!organization) throw new AppError('organization_not_found');
      const invalid = new AppError(
        'validation_failed',
        [{ field: 'token', rule: 'invalid', message: EMAIL_LINK_INVALID[meta.locale] }],
        { text: EMAIL_LINK_INVALID },
      );
      return ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        const change = await repository.consumeEmailChangeToken(
          organizationId,
          sha256(token),
          ctx.clock.now(),
        );
        if (!change) throw invalid;
        // Thrown inside the transaction: the link stays unused for the account that asked.
        assertLinkOwner(caller, { organizationId, userId: change.userId });
        const account = await repository.findAccountById(organizationId, change.userId);
        if (!account) throw invalid;
        if (await repository.emailTaken(organizationId, change.newEmail, change.userId)) {
          throw new AppError('email_taken');
        }
        // A concurrent change to the same address loses on the unique index: same answer as the check.
        await repository
          .updateUser(organizationId, change.userId, { email: change.newEmail })
          .catch((error) => {
            throw isUniqueViolation(error, 'users_org_email_unique') ? new AppError('email_taken') : error;
          });
        await ctx.mailer.send(
          {
            to: account.user.email,
            locale: resolveLocale(account.user.locale),
            organizationId,
            executor: tx,
          },
          'email-changed',
          { organizationName: organization.name, newEmail: change.newEmail },
        );
        return { email: change.newEmail };
      });
    },

    /**
     * `PATCH /me/password`: the current password must match; the other sessions end, this one stays.
     * Not while a manager is signed in as the member: a password is the member's own secret.
     */
    async changePassword(auth: AuthContext, input: ChangePasswordInput, locale: Locale): Promise<void> {
      if (auth.impersonatorUserId) throw new AppError('forbidden');
      await ctx.rateLimiter.consume(
        `change-password:account:${auth.homeOrganizationId}:${auth.userId}`,
        ctx.rateLimits.perAccount,
      );
      const account = await ownAccount(auth);
      if (!(await verifyPassword(account.user.passwordHash, input.currentPassword))) {
        // 400, not 401: a 401 would make the web app refresh the session and sign the user out.
        throw new AppError(
          'validation_failed',
          [{ field: 'currentPassword', rule: 'invalid', message: CURRENT_PASSWORD_WRONG[locale] }],
          { text: CURRENT_PASSWORD_WRONG },
        );
      }
      const passwordHash = await hashPassword(input.password);
      await ctx.db.transaction(async (tx) => {
        const repository = createUserRepository(tx);
        await repository.updateUser(auth.homeOrganizationId, auth.userId, { passwordHash });
        await repository.revokeSessions(
          auth.homeOrganizationId,
          auth.userId,
          'password-change',
          auth.sessionId,
        );
      });
    },

    getCompany: async (auth: AuthContext) => ({ company: toCompanyDto((await ownAccount(auth)).user) }),

    /** `PUT /me/company`: every field, as invoices print them. */
    async setCompany(auth: AuthContext, input: CompanyInput) {
      await ownAccount(auth);
      await users.updateUser(auth.homeOrganizationId, auth.userId, {
        companyName: input.name,
        companyVatNumber: input.vatNumber,
        companyAddress: input.address,
        companyCity: input.city,
        companyPostalCode: input.postalCode,
        companyCountry: input.country,
      });
      return { company: toCompanyDto((await ownAccount(auth)).user) };
    },

    async deleteCompany(auth: AuthContext): Promise<void> {
      await ownAccount(auth);
      await users.updateUser(auth.homeOrganizationId, auth.userId, {
        companyName: null,
        companyVatNumber: null,
        companyAddress: null,
        companyCity: null,
        companyPostalCode: null,
        companyCountry: null,
      });
    },

    /** `POST /me/onboarding-achievements?achievement=`: one of ONBOARDING_ACHIEVEMENTS, recorded once. */
    async addOnboardingAchievement(auth: AuthContext, achievement: string | undefined, locale: Locale) {
      if (!isOnboardingAchievement(achievement)) {
        throw new AppError(
          'validation_failed',
          [
            {
              field: 'achievement',
              rule: 'invalid_value',
              message: message('onboardingStepNotFound', locale),
            },
          ],
          { text: MESSAGES.onboardingStepNotFound },
        );
      }
      await ownAccount(auth);
      await users.addOnboardingAchievement(auth.homeOrganizationId, auth.userId, achievement);
      return toUserDto(await ownAccount(auth));
    },

    async clearOnboardingAchievements(auth: AuthContext): Promise<void> {
      await ownAccount(auth);
      await users.updateUser(auth.homeOrganizationId, auth.userId, { onboardingAchievements: '' });
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
