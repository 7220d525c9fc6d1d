import { describe, expect, it } from 'vitest';
import { organizationKeyFromHost } from './request-organization';

describe('organisation key from the host', () => {
  it.each([
    ['demo.localhost:3000', 'localhost:3000', 'demo'],
    ['DEMO.localhost:3000', 'localhost:3000', 'demo'],
    ['club-a.inscrio.be', 'inscrio.be', 'club-a'],
    ['club-a.inscrio.be:443', 'inscrio.be', 'club-a'],
    ['localhost:3000', 'localhost:3000', null],
    ['a.b.localhost:3000', 'localhost:3000', null],
    ['demo.evil.test', 'localhost:3000', null],
    ['-bad.localhost:3000', 'localhost:3000', null],
    [undefined, 'localhost:3000', null],
  ])('%s under %s → %s', (host, base, key) => {
    expect(organizationKeyFromHost(host, base)).toBe(key);
  });
});
