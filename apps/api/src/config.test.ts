import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, organizationUrl } from './config';

describe('configuration', () => {
  it('defaults to port 3000, localhost subdomains over http and ./data', () => {
    const config = loadConfig({ INIT_CWD: '/srv/app' });
    expect(config).toMatchObject({
      port: 3000,
      appBaseHost: 'localhost:3000',
      urlScheme: 'http',
      seedDemo: true,
    });
    expect(config.dataDir).toBe(path.resolve('/srv/app', 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(organizationUrl(config, 'demo', '/login')).toBe('http://demo.localhost:3000/login');
  });

  it('uses https for a real domain and reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_BASE_HOST: 'Inscrio.BE',
      DATABASE_URL: 'postgres://u@db/inscrio',
      SEED_DEMO: 'false',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 8080,
      appBaseHost: 'inscrio.be',
      urlScheme: 'https',
      seedDemo: false,
    });
    expect(organizationUrl(config, 'club', '/')).toBe('https://club.inscrio.be/');
  });

  it('reads which proxies to trust: none by default, addresses, or all', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.2' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
  });

  it('stops with a readable message on a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });
});
