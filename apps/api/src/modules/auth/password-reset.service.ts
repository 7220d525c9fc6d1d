import { type Locale, SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256 } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import type { AuthContext } from '../../lib/access';
import type { OrganizationRow } from '../organizations/organization.repository';
import { assertLinkOwner } from '../users/link-owner';
import { createUserRepository } from '../users/user.repository';
import { createAuthLimits } from './auth-limits';
import { createAuthRepository } from './auth.repository';
import { createSessionOpener, type RequestMeta } from './auth-session';

export const RESET_TTL_MINUTES = 60;

const RESET_LINK_INVALID: Record<Locale, string> = {
  fr: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
  en: 'This reset link is invalid or has expired. Please ask for a new one.',
};

/** 'Forgot password': the e-mailed single-use link, then the new password. */
export function createPasswordResetService(ctx: AppContext) {
  const { db, clock } = ctx;
  const { limitMail, limit } = createAuthLimits(ctx);
  const { findSignInAccount } = createSessionOpener(ctx);

  return {
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
