import { canManageUsers, type Locale, type SignInPasswordInput, type SignUpPayload } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError, errorMessage } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hmac, safeEqual, sha256, sixDigitCode } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthContext } from '../../lib/access';
import { createOrganizationRepository, type OrganizationRow } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import { createAuthLimits } from './auth-limits';
import { createAuthRepository } from './auth.repository';
import { createSessionOpener, type RequestMeta, type SignInResult } from './auth-session';
import { createPasswordResetService } from './password-reset.service';

export type { RequestMeta, SignInResult } from './auth-session';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** Signing in (password, e-mailed code, as a member), signing up, refreshing, signing out, password reset. */
export function createAuthService(ctx: AppContext) {
  const { db, clock } = ctx;
  const authRepository = createAuthRepository(db);
  const userRepository = createUserRepository(db);
  const organizationRepository = createOrganizationRepository(db);
  const { limitSignIn, limitMail, limit } = createAuthLimits(ctx);
  const { findSignInAccount, issueTokens, signInResult, openSession } = createSessionOpener(ctx);

  return {
    ...createPasswordResetService(ctx),

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
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
