import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import type { OrganizationRow } from '../organizations/organization.repository';
import { createUserRepository } from '../users/user.repository';
import { createAuthLimits } from './auth-limits';
import { createSessionOpener, type RequestMeta, type SignInResult } from './auth-session';
import { createHandoffCodeRepository } from './handoff-codes.repository';

/** How long a hand-off code may be exchanged. */
export const HANDOFF_CODE_TTL_MS = 60_000;

/**
 * Sign-in hand-off: one place signs an account in on another organisation's subdomain without a token in
 * any address. It issues a random code (only its hash is stored) bound to the account and to the
 * organisation it is for; the page on that subdomain posts it once, within 60 seconds, to
 * `POST /auth/sign-in/handoff` and gets the usual sign-in result. Used by the onboarding of a new club
 * and by system staff entering a club.
 */
export function createHandoffCodeService(ctx: AppContext) {
  const { opener, limits } = { opener: createSessionOpener(ctx), limits: createAuthLimits(ctx) };

  return {
    /** A new code for `user` to sign in on `targetOrganizationId`; run it in the caller's transaction. */
    async issue(
      executor: Executor,
      user: { organizationId: string; id: string },
      targetOrganizationId: string,
    ): Promise<string> {
      const code = randomToken();
      await createHandoffCodeRepository(executor).insert({
        organizationId: user.organizationId,
        userId: user.id,
        targetOrganizationId,
        codeHash: sha256(code),
        expiresAt: new Date(ctx.clock.now().getTime() + HANDOFF_CODE_TTL_MS),
      });
      return code;
    },

    /** Exchanges a live code for a session on `organization`; unknown, used, expired or elsewhere: 401. */
    async exchange(organization: OrganizationRow, code: string, meta: RequestMeta): Promise<SignInResult> {
      await limits.limit('sign-in-handoff', meta);
      const row = await createHandoffCodeRepository(ctx.db).consume(
        sha256(code),
        organization.id,
        ctx.clock.now(),
      );
      if (!row) throw new AppError('handoff_code_invalid');
      const account = await createUserRepository(ctx.db).findAccountById(row.organizationId, row.userId);
      if (!account) throw new AppError('handoff_code_invalid');
      return opener.openSession(account, organization, 'handoff', meta);
    },
  };
}
