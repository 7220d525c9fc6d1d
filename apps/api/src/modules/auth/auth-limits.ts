import type { Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { CountedHits, RateLimit } from '../../lib/rate-limit';
import type { RequestMeta } from './auth-session';

const SIGN_IN_LIMITED: Record<Locale, string> = {
  fr: 'Trop de tentatives de connexion. Réessayez dans quelques minutes, ou connectez-vous avec un code reçu par e-mail.',
  en: 'Too many sign-in attempts. Try again in a few minutes, or sign in with a code sent by e-mail.',
};

/** The rate limits of sign-in, sign-up and the e-mails asked for an account. */
export function createAuthLimits(ctx: AppContext) {
  const { rateLimiter, rateLimits } = ctx;

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

  return { limitSignIn, limitMail, limit };
}
