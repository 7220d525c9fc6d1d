import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: string;
  organizationId: string;
  sessionId: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Our tokens always carry exactly this header, so anything else (`alg: none`, RS256…) is refused as is. */
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/**
 * Signs and checks the short-lived access JWTs (HS256, `exp` in seconds). Written on node:crypto rather
 * than a JOSE library: verifying is on every authenticated request, and this costs microseconds.
 */
export function createTokenService(secret: string, clock: Clock) {
  const signature = (data: string) => createHmac('sha256', secret).update(data).digest();

  return {
    async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
      const payload = base64url(
        JSON.stringify({ sub: claims.userId, org: claims.organizationId, sid: claims.sessionId, iat, exp }),
      );
      const unsigned = `${HEADER}.${payload}`;
      return { token: `${unsigned}.${base64url(signature(unsigned))}`, expiresAt: new Date(exp * 1000) };
    },

    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<AccessClaims | undefined> {
      const [header, payload, sig, extra] = token.split('.');
      if (header !== HEADER || !payload || !sig || extra !== undefined) return undefined;
      const expected = signature(`${header}.${payload}`);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let claims: { sub?: unknown; org?: unknown; sid?: unknown; exp?: unknown };
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const { sub, org, sid, exp } = claims ?? {};
      if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string') return undefined;
      if (typeof exp !== 'number' || exp * 1000 <= clock.now().getTime()) return undefined;
      return { userId: sub, organizationId: org, sessionId: sid };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
