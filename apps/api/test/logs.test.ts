import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createLogger, redactUrl, serializeError } from '../src/lib/logger';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * What the application writes to its log, read from the real logger (the production one, writing to a
 * stream here): SQL errors keep their query text and code but never the values, request lines keep their
 * route but never the tokens links carry.
 */

const lines: string[] = [];
const logText = () => lines.join('');

let t: TestApp;
let parentToken: string;

beforeAll(async () => {
  t = await createTestApp({
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
  });
  parentToken = (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('error logs', () => {
  it('log the failed query and its error code, never the parameter values nor the failing row', async () => {
    const secretAddress = 'Rue du Secret 4217';
    // The database refuses this one address: the update fails inside PostgreSQL, with the address among
    // the query's parameters and the whole row (e-mail, names) in the error's detail.
    await t.database.query(
      `alter table members add constraint log_test_refused_address check (address is distinct from '${secretAddress}') not valid`,
    );
    try {
      lines.length = 0;
      const response = await t.request('PATCH', '/api/me/member', {
        token: parentToken,
        body: { address: secretAddress },
      });
      expect(response.statusCode).toBe(500);
      const text = logText();
      expect(text).toContain('unexpected error');
      expect(text).toContain('Failed query: update \\"members\\" set');
      expect(text).toContain('"code":"23514"');
      expect(text).toContain('log_test_refused_address');
      expect(text).not.toContain('Secret 4217');
      expect(text).not.toContain(DEMO_ACCOUNTS.parent);
      expect(text).not.toContain('Failing row');
      expect(text).not.toContain('params:');
    } finally {
      await t.database.query(`alter table members drop constraint log_test_refused_address`);
    }
  });

  it('drop the values PostgreSQL quotes in its own messages, keeping the quoted names', async () => {
    const error = await t.database.query('select $1::integer', ['jean.secret@example.org']).catch((e) => e);
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('22P02');
    expect(logged).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
    expect(logged).not.toContain('jean.secret');
  });
});

describe('request logs', () => {
  const token = 'Zq8vKp3LmN0aB7cD9eF1gH2iJ4kL6mN8oP0qR2sT4uV';

  it.each([
    ['/api/representative-invitations/TOKEN', '/api/representative-invitations/[redacted]'],
    ['/api/representative-invitations/TOKEN/accept', '/api/representative-invitations/[redacted]/accept'],
    ['/api/calendar/ical/TOKEN.ics', '/api/calendar/ical/[redacted]'],
    ['/reset-password?token=TOKEN', '/reset-password?token=[redacted]'],
    [
      '/redirect-message?type=email-change&token=TOKEN',
      '/redirect-message?type=email-change&token=[redacted]',
    ],
    ['/api/period-invitations/TOKEN', '/api/period-invitations/[redacted]'],
    ['/api/anything/TOKEN', '/api/anything/[redacted]'],
  ])('mask the token of %s', async (url, logged) => {
    lines.length = 0;
    await t.request('GET', url.replace('TOKEN', token));
    const text = logText();
    expect(text).toContain(`"url":"${logged}"`);
    expect(text).not.toContain(token);
  });

  it('mask an e-mail address in the query, and keep ordinary URLs as they are', async () => {
    lines.length = 0;
    await t.request('GET', `/login?email=${encodeURIComponent(DEMO_ACCOUNTS.parent)}&redirect=%2Forders`);
    expect(logText()).toContain('"url":"/login?email=[redacted]&redirect=%2Forders"');
    expect(logText()).not.toContain(encodeURIComponent(DEMO_ACCOUNTS.parent));
    expect(redactUrl('/api/orders/ord_01JD3XK0Q8Z9/invoice?page=2')).toBe(
      '/api/orders/ord_01JD3XK0Q8Z9/invoice?page=2',
    );
  });
});
