import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createTokenService } from './tokens';

const SECRET = 's'.repeat(43);
const claims = { userId: 'usr_1', organizationId: 'org_demo', sessionId: 'ses_1' };
const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hs256 = (data: string, secret = SECRET) =>
  createHmac('sha256', secret).update(data).digest('base64url');

describe('access tokens', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const tokens = createTokenService(SECRET, { now: () => now });

  it('round-trips its claims, with a standard HS256 JWT whose exp is in seconds', async () => {
    const { token, expiresAt } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(body).toMatchObject({ sub: 'usr_1', org: 'org_demo', sid: 'ses_1', iat: now.getTime() / 1000 });
    expect(body.exp).toBe(now.getTime() / 1000 + ACCESS_TOKEN_TTL_SECONDS);
    expect(expiresAt.getTime()).toBe(body.exp * 1000);
  });

  it('refuses expired, tampered, foreign-key, unsigned and malformed tokens', async () => {
    const { token } = await tokens.sign(claims);
    const later = createTokenService(SECRET, {
      now: () => new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    });
    expect(await later.verify(token)).toBeUndefined();

    const [header, payload, sig] = token.split('.');
    const forgedPayload = b64({
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
      org: 'org_other',
    });
    expect(await tokens.verify(`${header}.${forgedPayload}.${sig}`)).toBeUndefined();
    expect(
      await tokens.verify(`${header}.${payload}.${hs256(`${header}.${payload}`, 'another-secret')}`),
    ).toBeUndefined();

    const none = b64({ alg: 'none', typ: 'JWT' });
    expect(await tokens.verify(`${none}.${payload}.`)).toBeUndefined();
    for (const garbage of [
      '',
      'a.b',
      'a.b.c.d',
      `${header}.!!!.${sig}`,
      `${header}.${b64('not json')}.${hs256(`${header}.${b64('not json')}`)}`,
    ]) {
      expect(await tokens.verify(garbage)).toBeUndefined();
    }
    const noExp = b64({ sub: 'usr_1', org: 'org_demo', sid: 'ses_1' });
    expect(await tokens.verify(`${header}.${noExp}.${hs256(`${header}.${noExp}`)}`)).toBeUndefined();
  });
});
