import type { Locale } from '@inscrio/shared';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';

const OTHER_ACCOUNT: Record<Locale, string> = {
  fr: 'Ce lien a été envoyé à un autre compte que celui avec lequel vous êtes connecté. Déconnectez-vous, puis rouvrez le lien.',
  en: 'This link was sent to another account than the one you are signed in with. Sign out, then open the link again.',
};

/**
 * A link mailed to one account (password reset, e-mail confirmation) acts for that account only. It may
 * be opened signed out, but a caller signed in as someone else is refused (403) before anything changes,
 * so nobody ends up changing another account while believing it is their own.
 */
export function assertLinkOwner(
  caller: AuthContext | null,
  owner: { organizationId: string; userId: string },
): void {
  if (caller && (caller.homeOrganizationId !== owner.organizationId || caller.userId !== owner.userId)) {
    throw new AppError('forbidden', [], { text: OTHER_ACCOUNT });
  }
}
