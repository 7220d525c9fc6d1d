import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@inscrio/shared';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform endpoints', () => {
  it('reports health with the database reachable', async () => {
    const r = await t.request('GET', '/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('serves the OpenAPI description and its viewer at /api/docs', async () => {
    const ui = await t.request('GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const spec = (await t.request('GET', '/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/sign-in/password',
      '/api/auth/sign-up',
      '/api/me/member',
      '/api/users/me',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(
      spec.paths['/api/auth/sign-up'].post.requestBody.content['application/json'].schema.required,
    ).toContain('confirmPassword');
  });

  it('describes the error envelope with every code of the catalogue', async () => {
    const spec = (await t.request('GET', '/api/docs/json')).json();
    const codes: string[] = spec.components.schemas.Error.properties.error.enum;
    expect(codes).toEqual(ERROR_CODES);
    expect(codes).toEqual(expect.arrayContaining(['conflict', 'session_full', 'invoice_already_paid']));
  });

  it('sends security headers and a request id', async () => {
    const r = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-request-id']).toBe('abc-123');
    expect((await t.request('GET', '/api/health')).headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('allows CORS only from the platform hosts', async () => {
    const preflight = (origin: string) =>
      t.request('OPTIONS', '/api/auth/sign-in/password', {
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect((await preflight('http://demo.localhost:3000')).headers['access-control-allow-origin']).toBe(
      'http://demo.localhost:3000',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers unknown API paths and unsupported bodies with the error shape, never a 500', async () => {
    const missing = await t.request('GET', '/api/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'not_found',
      message: 'Les données fournies sont introuvables.',
      details: [],
    });
    const xml = await t.request('POST', '/api/auth/sign-in/password', {
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    const broken = await t.request('POST', '/api/auth/sign-in/password', {
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('validation_failed');
    const huge = await t.request('POST', '/api/auth/sign-in/password', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.be', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});
