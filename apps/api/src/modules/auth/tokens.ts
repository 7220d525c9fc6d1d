import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: string;
  organizationId: string;
  sessionId: string;
}

/** Signs and checks the short-lived access JWTs (HS256, `exp` in seconds). */
export function createTokenService(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
      const issuedAt = Math.floor(clock.now().getTime() / 1000);
      const exp = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ org: claims.organizationId, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.org !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          return undefined;
        }
        return { userId: payload.sub, organizationId: payload.org, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
