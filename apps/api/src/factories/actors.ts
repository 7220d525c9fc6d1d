import type { Locale } from '@inscrio/shared';
import type { Executor } from '../db/client';
import { type AuthContext, toActor } from '../lib/access';
import { createUserRepository } from '../modules/users/user.repository';

/**
 * The caller a factory acts as: the account as the services see it on a request (no session, no
 * token: the factories sign no one in). Fails loudly on an unknown account, never acts as no one.
 */
export async function actorOf(
  db: Executor,
  organizationId: string,
  who: { userId: string } | { email: string },
): Promise<AuthContext> {
  const users = createUserRepository(db);
  const account =
    'userId' in who
      ? await users.findAccountById(organizationId, who.userId)
      : await users.findAccountByEmail(organizationId, who.email);
  if (!account) throw new Error(`factories: no account ${JSON.stringify(who)} in ${organizationId}`);
  const { user } = account;
  return {
    userId: user.id,
    homeOrganizationId: organizationId,
    organizationId,
    sessionId: 'factory',
    actor: toActor(user),
    familyId: user.familyId,
    establishmentId: user.establishmentId,
    email: user.email,
    locale: user.locale as Locale,
    impersonatorUserId: null,
  };
}
