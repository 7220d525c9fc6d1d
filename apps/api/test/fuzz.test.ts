import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Sends malformed bodies, parameters and headers to every route of the OpenAPI description, signed out
 * and signed in, and checks that none answers 5xx and that no table changed (rate-limit counters aside:
 * counting attempts is their job).
 */

let t: TestApp;
let tokens: string[];
beforeAll(async () => {
  t = await createTestApp();
  tokens = [
    (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken,
    (await t.signIn(DEMO_ACCOUNTS.parent)).accessToken,
  ];
});
afterAll(() => t.close());

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  fields: string[];
}

interface JsonSchema {
  properties?: object;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** The body's property names, also through `anyOf` (optional bodies) and `allOf`. */
const propertiesOf = (schema: JsonSchema | undefined): string[] =>
  schema
    ? [
        ...Object.keys(schema.properties ?? {}),
        ...[...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(propertiesOf),
      ]
    : [];

async function operations(): Promise<Operation[]> {
  const spec = (await t.request('GET', '/api/docs/json')).json();
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries<
    Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
  >(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content['application/json']?.schema as JsonSchema | undefined;
      result.push({
        method: method.toUpperCase(),
        path,
        hasBody: !!op.requestBody,
        fields: propertiesOf(schema),
      });
    }
  }
  return result;
}

const garbageParams = [
  '',
  ' ',
  "'; drop table users; --",
  '%00',
  '..%2F..%2Fetc',
  'a'.repeat(400),
  '🙂',
  '{}',
];
const garbageHeaders: Record<string, string>[] = [
  { 'x-organization-id': "org_'or'1'='1" },
  { 'x-organization-id': 'x'.repeat(5000) },
  { authorization: 'Bearer' },
  { authorization: 'Basic dXNlcjpwYXNz' },
  { authorization: `Bearer ${'e'.repeat(3000)}.x.y` },
  { 'accept-language': ';;q=abc,*,zz-ZZ' },
  { 'content-type': 'application/json; charset=utf-99' },
];

function malformedBodies(fields: string[]): (string | undefined)[] {
  // With no known field, '{}' could be a valid body: name one so every candidate stays malformed.
  if (fields.length === 0) fields = ['unexpected'];
  const everyFieldWrong = (value: unknown) =>
    JSON.stringify(Object.fromEntries(fields.map((f) => [f, value])));
  return [
    'null',
    '[]',
    '"text"',
    '12',
    '{"a":',
    `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${everyFieldWrong(null).slice(1)}`.replace(
      ',}',
      '}',
    ),
    JSON.stringify({
      ...JSON.parse(everyFieldWrong(null)),
      nested: JSON.parse('['.repeat(200) + ']'.repeat(200)),
    }),
    everyFieldWrong({ $gt: '' }),
    everyFieldWrong([1, 2]),
    everyFieldWrong(12345),
    everyFieldWrong(true),
    everyFieldWrong('\u0000'.repeat(10)),
    // Past every limit (limits.ts): 2^53, a text longer than any field allows, a lone surrogate.
    everyFieldWrong(2 ** 53),
    everyFieldWrong('x'.repeat(20_000)),
    everyFieldWrong('\ud800'),
  ];
}

/*
 * A route without a body takes an empty one, also sent as application/json: its well-formed call would
 * do its work (create a calendar feed…). What is malformed for it is a body it cannot parse.
 */
const UNPARSABLE_BODY = '{"a":';

async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await t.database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_hits' order by 1",
  );
  const digest: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await t.database.query<{ d: string | null }>(
      `select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${tablename}" x`,
    );
    digest[tablename] = row!.d ?? '';
  }
  return digest;
}

describe('fuzzing every route', () => {
  it('never answers 5xx and never writes on malformed input', async () => {
    const before = await databaseDigest();
    const ops = await operations();
    expect(ops.length).toBeGreaterThanOrEqual(13);
    const failures: string[] = [];
    let sent = 0;
    const send = async (op: Operation, url: string, headers: Record<string, string>, body?: string) => {
      sent++;
      const r = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: { host: 'demo.localhost:3000', 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { payload: body } : {}),
      });
      if (r.statusCode >= 500)
        failures.push(
          `${op.method} ${url} ${JSON.stringify(headers)} ${body?.slice(0, 80)} → ${r.statusCode} ${r.body}`,
        );
    };
    for (const op of ops) {
      const urls = op.path.includes('{')
        ? garbageParams.map((p) => op.path.replace(/\{[^}]+\}/g, encodeURIComponent(p)))
        : [op.path, `${op.path}?q=${'%'.repeat(3)}&q[]=1&__proto__[x]=1`];
      const identities = [
        {},
        ...tokens.map((token) => ({ authorization: `Bearer ${token}`, 'x-organization-id': 'org_demo' })),
      ];
      for (const identity of identities) {
        for (const url of urls) {
          if (op.hasBody) for (const body of malformedBodies(op.fields)) await send(op, url, identity, body);
          else await send(op, url, identity, UNPARSABLE_BODY);
        }
        for (const headers of garbageHeaders) {
          await send(
            op,
            urls[0]!,
            { ...identity, ...headers },
            op.hasBody ? malformedBodies(op.fields)[0] : UNPARSABLE_BODY,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    expect(await databaseDigest()).toEqual(before);
  }, 180_000); // thousands of requests: allow for a loaded CI machine
});
