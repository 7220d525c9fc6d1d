import { describe, expect, it } from 'vitest';
import { baseHostUrl, currentHost, organizationUrl, parseHost } from './organization-host';

const at = (hostname: string, port = '3000', protocol = 'http:') => ({ hostname, port, protocol });

describe('the organisation key in the address', () => {
  it('is the first label of a *.localhost name', () => {
    expect(parseHost(at('demo.localhost'), undefined)).toEqual({
      key: 'demo',
      baseHost: 'localhost:3000',
      protocol: 'http:',
    });
    expect(parseHost(at('admin.localhost'), undefined).key).toBe('admin');
  });

  it('is absent on the bare host, an IP address or www', () => {
    expect(parseHost(at('localhost'), undefined)).toEqual({
      key: null,
      baseHost: 'localhost:3000',
      protocol: 'http:',
    });
    expect(parseHost(at('127.0.0.1'), undefined).key).toBeNull();
    expect(parseHost(at('inscrio.be', '', 'https:'), undefined).key).toBeNull();
    expect(parseHost(at('www.inscrio.be', '', 'https:'), undefined).key).toBeNull();
  });

  it('reads production names, with or without a configured base host', () => {
    expect(parseHost(at('demo.inscrio.be', '', 'https:'), undefined)).toEqual({
      key: 'demo',
      baseHost: 'inscrio.be',
      protocol: 'https:',
    });
    expect(parseHost(at('demo.app.inscrio.be', '', 'https:'), 'app.inscrio.be').key).toBe('demo');
    expect(parseHost(at('app.inscrio.be', '', 'https:'), 'app.inscrio.be').key).toBeNull();
  });

  it('builds the addresses of other organisations and of the picker', () => {
    const host = parseHost(at('demo.localhost'), undefined);
    expect(organizationUrl('admin', '/organizations/org_demo', host)).toBe(
      'http://admin.localhost:3000/organizations/org_demo',
    );
    expect(baseHostUrl('/', host)).toBe('http://localhost:3000/');
  });

  it('reads the running page (tests run on the demo subdomain)', () => {
    expect(currentHost().key).toBe('demo');
  });
});
