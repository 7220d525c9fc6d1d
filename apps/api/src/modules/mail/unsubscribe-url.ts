import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { signUnsubscribeToken, type UnsubscribeKind } from '../../lib/unsubscribe-token';

/** The one-click link that stops one kind of e-mail for one account (and only them, only for it). */
export function unsubscribeUrl(
  ctx: Pick<AppContext, 'config' | 'secrets'>,
  account: { organizationId: string; organizationKey: string; userId: string; kind: UnsubscribeKind },
): string {
  const token = signUnsubscribeToken(ctx.secrets.encryptionKey, {
    organizationId: account.organizationId,
    userId: account.userId,
    kind: account.kind,
  });
  return organizationUrl(ctx.config, account.organizationKey, `/api/mail/unsubscribe?token=${token}`);
}
