import { MONEY_LIMITS, TEXT_LIMITS } from '@inscrio/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Every input the API describes must be bounded, so that no value too large for its column or its
 * printed place reaches the database: each number of a body, query or path has a maximum, each string a
 * maximum length (or an enum or a format that bounds it), each array a maximum of items. Read from the
 * OpenAPI description, so a new route that forgets a bound fails here.
 */

interface JsonSchema {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  maximum?: number;
  exclusiveMaximum?: number | boolean;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** Formats whose syntax alone bounds the length (dates, times, identifiers). */
const BOUNDING_FORMATS = new Set(['date', 'time', 'date-time', 'uuid', 'email']);
/** The largest limit of limits.ts: a maximum above it is no real bound (zod's int gives 2^53 − 1). */
const LARGEST_NUMBER = MONEY_LIMITS.documentCents;
const LONGEST_TEXT = Math.max(...Object.values(TEXT_LIMITS));

/**
 * Explicit exceptions, each with its reason. Empty today: add an entry (`METHOD path field`) only for an
 * input that cannot be bounded, and say why.
 */
const EXCEPTIONS: Record<string, string> = {};

let t: TestApp;
let spec: { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.request('GET', '/api/docs/json')).json();
});
afterAll(() => t.close());

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  return schema.$ref
    .replace('#/', '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], spec) as JsonSchema;
}

/** The unbounded inputs under `schema`; `inherited` holds the bounds of an enclosing `allOf`. */
function unbounded(schema: JsonSchema, path: string, inherited: JsonSchema = {}): string[] {
  const node = { ...inherited, ...resolve(schema) };
  const found: string[] = [];
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) found.push(...unbounded(branch, path));
  const { allOf, anyOf: _anyOf, oneOf: _oneOf, ...bounds } = node;
  for (const part of allOf ?? []) found.push(...unbounded(part, path, bounds));
  for (const [key, child] of Object.entries(node.properties ?? {}))
    found.push(...unbounded(child, `${path}.${key}`));
  if (node.items) found.push(...unbounded(node.items, `${path}[]`));
  if (typeof node.additionalProperties === 'object')
    found.push(...unbounded(node.additionalProperties, `${path}{}`));
  if (node.enum || node.const !== undefined) return found;
  const types = [node.type ?? []].flat();
  const maximum = typeof node.exclusiveMaximum === 'number' ? node.exclusiveMaximum : node.maximum;
  if ((types.includes('integer') || types.includes('number')) && !(maximum! <= LARGEST_NUMBER))
    found.push(`${path}: number without a maximum`);
  if (
    types.includes('string') &&
    !(node.maxLength! <= LONGEST_TEXT) &&
    !BOUNDING_FORMATS.has(node.format ?? '')
  )
    found.push(`${path}: string without a maximum length`);
  if (types.includes('array') && node.maxItems === undefined) found.push(`${path}: array without maxItems`);
  return found;
}

describe('the OpenAPI description', () => {
  it('bounds every number, string and array of every request', () => {
    const missing: string[] = [];
    let inputs = 0;
    for (const [route, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${route}`;
        const parts: [string, JsonSchema][] = [
          ...(operation.parameters ?? []).map((p): [string, JsonSchema] => [`${p.in}:${p.name}`, p.schema]),
          ...Object.values(operation.requestBody?.content ?? {}).map((c): [string, JsonSchema] => [
            'body',
            c.schema,
          ]),
        ];
        inputs += parts.length;
        for (const [name, schema] of parts)
          for (const issue of unbounded(schema, name))
            if (!EXCEPTIONS[`${where} ${issue.split(':')[0]}`]) missing.push(`${where} ${issue}`);
      }
    }
    expect(inputs).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('would notice an unbounded input', () => {
    expect(unbounded({ type: 'integer', maximum: Number.MAX_SAFE_INTEGER }, 'n')).toHaveLength(1);
    expect(unbounded({ type: 'object', properties: { s: { type: 'string' } } }, 'body')).toEqual([
      'body.s: string without a maximum length',
    ]);
    expect(unbounded({ type: 'string', maxLength: 10, allOf: [{ pattern: 'x' }] }, 's')).toEqual([]);
  });
});
