import type { InjectOptions } from 'fastify';
import type { RequestOptions, TestApp } from './test-app';

/**
 * Requests of a test file that remember every status they got, so the file can end by checking that
 * none answered 500; `as(who, …)` sends one with the token kept under `who` in `tokens`.
 * `app` is read at each call: the test app is made in `beforeAll`.
 */
export function recordingClient(app: () => TestApp, organizationId = 'org_demo') {
  const tokens: Record<string, string> = {};
  const statuses: { url: string; status: number }[] = [];

  async function call(method: InjectOptions['method'], url: string, options: RequestOptions = {}) {
    const response = await app().request(method, url, options);
    statuses.push({ url, status: response.statusCode });
    return response;
  }

  const as = (
    who: string,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    extra: RequestOptions = {},
  ) => call(method, url, { token: tokens[who], organizationId, body, ...extra });

  return { tokens, statuses, call, as, serverErrors: () => statuses.filter((s) => s.status >= 500) };
}

/** A 400's messages by field name. */
export const fieldErrors = (response: { json(): { details: { field: string; message: string }[] } }) =>
  Object.fromEntries(response.json().details.map((d) => [d.field, d.message]));
