import { type Locale, SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { type AuthContext, isSystemStaff, toActor } from '../../lib/access';
import { type PublicOrganization, toPublicOrganization } from '../organizations/organization.dto';
import type { OrganizationRow } from '../organizations/organization.repository';
import { toUserDto, type UserDto } from '../users/user.dto';
import { type Account, createUserRepository } from '../users/user.repository';
import { createAuthRepository } from './auth.repository';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

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

type SignInMethod = 'password' | 'otp' | 'sign-up' | 'over-admin' | 'password-reset' | 'handoff';

/** Finding the account that signs in, and opening its session (tokens, last login, audit event). */
export function createSessionOpener(ctx: AppContext) {
  const { db, clock } = ctx;
  const userRepository = createUserRepository(db);

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

  return { findSignInAccount, issueTokens, signInResult, openSession };
}
