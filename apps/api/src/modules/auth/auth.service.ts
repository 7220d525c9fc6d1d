import {
  canManageUsers,
  type Locale,
  type SignInPasswordInput,
  type SignUpPayload,
  SYSTEM_ORGANIZATION_ID,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { AppError, errorMessage } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hmac, randomToken, safeEqual, sha256, sixDigitCode } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { CountedHits, RateLimit } from '../../lib/rate-limit';
import type { AuthContext } from '../../lib/access';
import { isSystemStaff, toActor } from '../../lib/access';
import { type PublicOrganization, toPublicOrganization } from '../organizations/organization.dto';
import { createOrganizationRepository, type OrganizationRow } from '../organizations/organization.repository';
import { toUserDto, type UserDto } from '../users/user.dto';
import { type Account, createUserRepository } from '../users/user.repository';
import { createAuthRepository } from './auth.repository';
import { assertLinkOwner } from '../users/link-owner';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TTL_MINUTES = 60;

export interface SignInResult {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires (ISO); the token's own `exp` says the same in seconds. */
  accessTokenExpiresAt: string;
  user: UserDto;
  isSystemAdmin: boolean;
  organization: PublicOrganization;
}

/** Where the request came from, for rate limits and the audit trail. */
export interface RequestMeta {
  ip: string;
  requestId: string;
  locale: Locale;
}

type SignInMethod = 'password' | 'otp' | 'sign-up' | 'over-admin' | 'password-reset';

export function createAuthService(ctx: AppContext) {
  const { db, clock, rateLimiter, rateLimits } = ctx;
  const authRepository = createAuthRepository(db);
  const userRepository = createUserRepository(db);
  const organizationRepository = createOrganizationRepository(db);

  /**
   * Counts one sign-in attempt: from the caller's address across accounts, for the account from that
   * address, and, for passwords, for the account from every address. Refunded once the attempt
   * succeeds, so only failures count; a guesser at one address never locks the owner out elsewhere.
   * A code sign-in counts apart from passwords: the owner can still sign in by e-mail code.
   */
  async function limitSignIn(
    method: 'password' | 'code',
    meta: RequestMeta,
    organizationId: string,
    email: string,
  ): Promise<CountedHits> {
    const action = `sign-in-${method}`;
    const account = `${organizationId}:${email.trim().toLowerCase()}`;
    const hits: [string, RateLimit][] = [
      [`${action}:ip:${meta.ip}`, rateLimits.perAddress],
      [`${action}:account-ip:${account}:${meta.ip}`, rateLimits.signInPerAccountAndAddress],
    ];
    if (method === 'password') hits.push([`${action}:account:${account}`, rateLimits.signInPerAccount]);
    return rateLimiter.consumeAll(hits).catch((error: unknown) => {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      throw new AppError('rate_limited', [], { text: SIGN_IN_LIMITED, retryAfter: error.retryAfter });
    });
  }

  /**
   * Counts one code or reset e-mail asked for an account: from the caller's address across accounts, for
   * the account from that address, and for the account from every address under a looser ceiling. So
   * someone who knows the address is stopped without using up the owner's e-mails. A refused request
   * counts nothing.
   */
  async function limitMail(action: string, meta: RequestMeta, organizationId: string, email: string) {
    const account = `${organizationId}:${email.trim().toLowerCase()}`;
    await rateLimiter.consumeAll([
      [`${action}:ip:${meta.ip}`, rateLimits.perAddress],
      [`${action}:account-ip:${account}:${meta.ip}`, rateLimits.perAccount],
      [`${action}:account:${account}`, rateLimits.mailsPerAccount],
    ]);
  }

  /** Counts one attempt against the caller's address and, when known, the account it targets. */
  async function limit(action: string, meta: RequestMeta, organizationId?: string, email?: string) {
    await rateLimiter.consume(`${action}:ip:${meta.ip}`, rateLimits.perAddress);
    if (organizationId && email) {
      await rateLimiter.consume(
        `${action}:account:${organizationId}:${email.trim().toLowerCase()}`,
        rateLimits.perAccount,
      );
    }
  }

  /**
   * The account signing in on `organization`. System staff have their account in the system
   * organisation and may sign in from any organisation's address.
   */
  async function findSignInAccount(organization: OrganizationRow, email: string) {
    const own = await userRepository.findAccountByEmail(organization.id, email);
    if (own || organization.isSystem) return own;
    const staff = await userRepository.findAccountByEmail(SYSTEM_ORGANIZATION_ID, email);
    return staff && isSystemStaff(SYSTEM_ORGANIZATION_ID, toActor(staff.user)) ? staff : undefined;
  }

  /** A new refresh token in the session, and an access token carrying the session id. */
  async function issueTokens(executor: Executor, user: Account['user'], sessionId: string) {
    const refreshToken = randomToken();
    await createAuthRepository(executor).insertRefreshToken({
      organizationId: user.organizationId,
      sessionId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    const access = await ctx.tokens.sign({ userId: user.id, organizationId: user.organizationId, sessionId });
    return { refreshToken, access };
  }

  const signInResult = (
    account: Account,
    organization: OrganizationRow,
    { refreshToken, access }: Awaited<ReturnType<typeof issueTokens>>,
  ): SignInResult => ({
    accessToken: access.token,
    refreshToken,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    user: toUserDto(account),
    isSystemAdmin: account.user.isSystemAdmin,
    organization: toPublicOrganization(organization),
  });

  /** Opens a session for `account` and returns the sign-in result of spec section 3. */
  async function openSession(
    account: Account,
    organization: OrganizationRow,
    method: SignInMethod,
    meta: RequestMeta,
    impersonator?: AuthContext,
  ): Promise<SignInResult> {
    const { user } = account;
    return db.transaction(async (tx) => {
      const session = await createAuthRepository(tx).createSession({
        organizationId: user.organizationId,
        userId: user.id,
        method,
        impersonatorUserId: impersonator?.userId,
        impersonatorOrganizationId: impersonator?.homeOrganizationId,
        actingOrganizationId: organization.id !== user.organizationId ? organization.id : undefined,
      });
      const tokens = await issueTokens(tx, user, session.id);
      if (method !== 'sign-up') {
        // A manager opening a member's session is not the member signing in.
        if (!impersonator) {
          await createUserRepository(tx).updateUser(user.organizationId, user.id, {
            lastLoginAt: clock.now(),
          });
        }
        await ctx.audit.record(
          {
            organizationId: organization.id,
            type: 'user-login',
            actorUserId: impersonator?.userId ?? user.id,
            impersonatorUserId: impersonator?.userId ?? null,
            subjectType: 'user',
            subjectId: user.id,
            data: {
              method,
              ...(impersonator ? { impersonatorOrganizationId: impersonator.homeOrganizationId } : {}),
            },
            requestId: meta.requestId,
            ip: meta.ip,
          },
          tx,
        );
      }
      return signInResult(account, organization, tokens);
    });
  }

  return {
    async signInWithPassword(organization: OrganizationRow, input: SignInPasswordInput, meta: RequestMeta) {
      const attempt = await limitSignIn('password', meta, organization.id, input.email);
      const account = await findSignInAccount(organization, input.email);
      const valid = await verifyPassword(account?.user.passwordHash, input.password);
      if (!account || !valid) throw new AppError('invalid_credentials');
      await attempt.refund();
      return openSession(account, organization, 'password', meta);
    },

    /** E-mails a 6-digit code. Answers the same whether or not the address has an account. */
    async sendOneTimeCode(organization: OrganizationRow, email: string, meta: RequestMeta): Promise<void> {
      await limitMail('send-otp', meta, organization.id, email);
      const account = await findSignInAccount(organization, email);
      if (!account) return;
      const code = sixDigitCode();
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).insertOneTimeCode({
          organizationId: account.user.organizationId,
          userId: account.user.id,
          codeHash: hmac(ctx.secrets.otpPepper, code),
          expiresAt: new Date(clock.now().getTime() + OTP_TTL_MINUTES * 60_000),
        });
        await ctx.mailer.send(
          {
            to: account.user.email,
            locale: account.user.locale as Locale,
            organizationId: organization.id,
            executor: tx,
          },
          'sign-in-code',
          { organizationName: organization.name, code, minutes: OTP_TTL_MINUTES },
        );
      });
    },

    async signInWithOneTimeCode(
      organization: OrganizationRow,
      input: { email: string; otp: string },
      meta: RequestMeta,
    ): Promise<SignInResult> {
      const attempt = await limitSignIn('code', meta, organization.id, input.email);
      const account = await findSignInAccount(organization, input.email);
      if (!account) throw new AppError('invalid_credentials');
      const { organizationId, id: userId } = account.user;
      const code = await authRepository.findLiveOneTimeCode(organizationId, userId, clock.now());
      if (!code || code.attempts >= OTP_MAX_ATTEMPTS) throw new AppError('invalid_credentials');
      if (!safeEqual(code.codeHash, hmac(ctx.secrets.otpPepper, input.otp))) {
        await authRepository.recordFailedCodeAttempt(organizationId, code.id, OTP_MAX_ATTEMPTS);
        throw new AppError('invalid_credentials');
      }
      if (!(await authRepository.consumeOneTimeCode(organizationId, code.id)))
        throw new AppError('invalid_credentials');
      await attempt.refund();
      return openSession(account, organization, 'otp', meta);
    },

    async signUp(
      organization: OrganizationRow,
      input: SignUpPayload,
      meta: RequestMeta,
    ): Promise<SignInResult> {
      await limit('sign-up', meta);
      if (organization.isSystem) throw new AppError('forbidden');
      if (await userRepository.emailTaken(organization.id, input.email)) throw new AppError('email_taken');
      const passwordHash = await hashPassword(input.password);
      const { password: _password, confirmPassword: _confirm, ...person } = input;
      const account = await db
        .transaction(async (tx) => {
          const created = await createUserRepository(tx).createAccount(organization.id, {
            email: input.email,
            passwordHash,
            locale: meta.locale,
            person,
          });
          await ctx.audit.record(
            {
              organizationId: organization.id,
              type: 'user-created',
              actorUserId: created.user.id,
              subjectType: 'user',
              subjectId: created.user.id,
              data: { method: 'sign-up' },
              requestId: meta.requestId,
              ip: meta.ip,
            },
            tx,
          );
          await ctx.mailer.send(
            { to: created.user.email, locale: meta.locale, organizationId: organization.id, executor: tx },
            'welcome',
            {
              organizationName: organization.name,
              firstName: created.member.firstName,
              link: organizationUrl(ctx.config, organization.key),
            },
          );
          return created;
        })
        .catch((error) => {
          // Two sign-ups racing for one address: the unique index decides, the loser gets the same 409.
          throw isUniqueViolation(error, 'users_org_email_unique') ? new AppError('email_taken') : error;
        });
      return openSession(account, organization, 'sign-up', meta);
    },

    /**
     * A manager opens a member's session after confirming their own password. Only family accounts
     * (role user) of the acting organisation, and for an establishment manager only those of their
     * establishment.
     */
    async signInAsMember(
      auth: AuthContext,
      input: { idMember: string; email: string; password: string },
      meta: RequestMeta,
    ): Promise<SignInResult> {
      await limit('over-admin', meta, auth.homeOrganizationId, auth.email);
      if (!canManageUsers(auth.actor)) throw new AppError('forbidden');
      const manager = await userRepository.findAccountById(auth.homeOrganizationId, auth.userId);
      const sameEmail = manager?.user.email.toLowerCase() === input.email.trim().toLowerCase();
      const valid = await verifyPassword(manager?.user.passwordHash, input.password);
      // A field error, not a 401: the caller is signed in, and a 401 would read as an expired session.
      if (!manager || !sameEmail || !valid) {
        throw new AppError('validation_failed', [
          {
            field: 'password',
            rule: 'invalid_credentials',
            message: errorMessage('invalid_credentials', meta.locale),
          },
        ]);
      }
      const target = await userRepository.findAccountByMemberId(auth.organizationId, input.idMember);
      if (!target) throw new AppError('not_found');
      if (target.user.role !== 'user' || target.user.isSystemAdmin) throw new AppError('forbidden');
      if (auth.actor.role === 'est-manager' && target.user.establishmentId !== auth.establishmentId) {
        throw new AppError('forbidden');
      }
      const organization = await organizationRepository.findById(auth.organizationId);
      if (!organization) throw new AppError('organization_not_found');
      return openSession(target, organization, 'over-admin', meta, auth);
    },

    /**
     * Rotates a refresh token. A token used twice means it leaked: the whole session is revoked, so
     * whoever holds the newer token is signed out too.
     */
    async refresh(refreshToken: string, meta: RequestMeta): Promise<SignInResult> {
      await limit('refresh', meta);
      const found = await authRepository.findRefreshToken(sha256(refreshToken));
      if (!found) throw new AppError('session_expired');
      const { token, session } = found;
      if (session.revokedAt || token.expiresAt <= clock.now()) throw new AppError('session_expired');
      const firstUse =
        !token.usedAt && (await authRepository.markRefreshTokenUsed(token.organizationId, token.id));
      if (!firstUse) {
        await authRepository.revokeSession(session.organizationId, session.id, 'refresh-token-reuse');
        ctx.logger.warn(
          { sessionId: session.id, requestId: meta.requestId },
          'refresh token reuse: session revoked',
        );
        throw new AppError('session_expired');
      }
      const account = await userRepository.findAccountById(session.organizationId, session.userId);
      const organization = await organizationRepository.findById(
        session.actingOrganizationId ?? session.organizationId,
      );
      if (!account || !organization) throw new AppError('session_expired');
      return signInResult(account, organization, await issueTokens(db, account.user, session.id));
    },

    async signOut(auth: AuthContext): Promise<void> {
      await authRepository.revokeSession(auth.homeOrganizationId, auth.sessionId, 'sign-out');
    },

    /** E-mails a single-use reset link. Answers the same whether or not the address has an account. */
    async forgotPassword(organization: OrganizationRow, email: string, meta: RequestMeta): Promise<void> {
      await limitMail('forgot-password', meta, organization.id, email);
      const account = await findSignInAccount(organization, email);
      if (!account) return;
      const token = randomToken();
      await db.transaction(async (tx) => {
        await createAuthRepository(tx).insertPasswordResetToken({
          organizationId: account.user.organizationId,
          userId: account.user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(clock.now().getTime() + RESET_TTL_MINUTES * 60_000),
        });
        await ctx.mailer.send(
          {
            to: account.user.email,
            locale: account.user.locale as Locale,
            organizationId: organization.id,
            executor: tx,
          },
          'password-reset',
          {
            organizationName: organization.name,
            link: organizationUrl(
              ctx.config,
              organization.key,
              `/reset-password?token=${encodeURIComponent(token)}`,
            ),
            minutes: RESET_TTL_MINUTES,
          },
        );
      });
    },

    /**
     * Sets a new password from a reset link and signs every existing session out. The link works on the
     * address of its account's organisation (system staff's on any, as they sign in there) and for its
     * account only (see assertLinkOwner).
     */
    async resetPassword(
      organization: OrganizationRow,
      input: { resetPasswordToken: string; password: string },
      meta: RequestMeta,
      caller: AuthContext | null,
    ): Promise<void> {
      await limit('reset-password', meta);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const owner = await createAuthRepository(tx).consumePasswordResetToken(
          sha256(input.resetPasswordToken),
          clock.now(),
        );
        const foreign =
          owner &&
          owner.organizationId !== organization.id &&
          owner.organizationId !== SYSTEM_ORGANIZATION_ID;
        if (!owner || foreign) {
          throw new AppError(
            'validation_failed',
            [{ field: 'resetPasswordToken', rule: 'invalid', message: RESET_LINK_INVALID[meta.locale] }],
            { text: RESET_LINK_INVALID },
          );
        }
        // Thrown inside the transaction: the link stays unused for its owner.
        assertLinkOwner(caller, owner);
        await createUserRepository(tx).updateUser(owner.organizationId, owner.userId, { passwordHash });
        await createAuthRepository(tx).revokeAllSessionsOfUser(
          owner.organizationId,
          owner.userId,
          'password-reset',
        );
      });
    },
  };
}

const SIGN_IN_LIMITED: Record<Locale, string> = {
  fr: 'Trop de tentatives de connexion. Réessayez dans quelques minutes, ou connectez-vous avec un code reçu par e-mail.',
  en: 'Too many sign-in attempts. Try again in a few minutes, or sign in with a code sent by e-mail.',
};

const RESET_LINK_INVALID: Record<Locale, string> = {
  fr: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  en: 'This reset link is invalid or has expired. Please ask for a new one.',
};

export type AuthService = ReturnType<typeof createAuthService>;
