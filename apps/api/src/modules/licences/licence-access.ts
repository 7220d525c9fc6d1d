import type { AuthContext } from '../../lib/access';
import { isSystemStaff } from '../../lib/access';
import { AppError } from '../../lib/app-error';

/**
 * A club's own platform matters (its plan, its platform invoices): the club's administrator acting in
 * it (or a system administrator who entered it), or the platform staff (support included). Anyone else,
 * another club's administrator included, is refused.
 */
export function requireClubAdminOrStaff(auth: AuthContext, organizationId: string): void {
  if (isSystemStaff(auth.organizationId, auth.actor)) return;
  if (auth.organizationId === organizationId && (auth.actor.role === 'admin' || auth.actor.isSystemAdmin)) {
    return;
  }
  throw new AppError('forbidden');
}
