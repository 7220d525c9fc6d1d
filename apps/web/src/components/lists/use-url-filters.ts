import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** How one field of a list query lives in the address when it differs from the field itself. */
export interface UrlField {
  /** The query-string name (`establishment` for `establishmentId`); the field's name unless given. */
  param?: string;
  /** The address's text to what the schema reads (`archived=1` → `'true'`). */
  read?: (text: string) => string;
  /** A value to the address's text; `undefined` or `''` removes the parameter. */
  write?: (value: unknown) => string | undefined;
}

export interface UrlFiltersOptions<Shape extends z.ZodRawShape> {
  /** Fields whose name or form in the address differ from the schema's. */
  fields?: { [K in keyof Shape]?: UrlField };
  /** The fields « clear the filters » empties and `filtered` looks at; every field but page, sort, order if not given. */
  filters?: readonly (keyof Shape & string)[];
  /** A change of a field also forgets others (another period forgets a session of the previous one). */
  forgets?: { [K in keyof Shape]?: readonly (keyof Shape & string)[] };
}

type Values<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;
export type UrlFilterChanges<Shape extends z.ZodRawShape> = {
  [K in keyof Values<Shape>]?: Values<Shape>[K] | '' | null;
};

const NOT_FILTERS = new Set(['page', 'sort', 'order']);
const NO_OPTIONS = {};

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || value === false;

function toText(field: UrlField | undefined, value: unknown): string | undefined {
  if (field?.write) return field.write(value);
  if (isBlank(value)) return undefined;
  return String(value);
}

/**
 * A list's search, filters, sort and page kept in the address (`?q=…&status=…&page=2`), read through the
 * list's shared query schema so a hand-edited address never reaches the API with what it would refuse:
 * each parameter the schema refuses counts as absent (its default then). `set` changes some fields and,
 * unless the page is among them, goes back to the first page; the address is replaced, not pushed.
 * `options` is a constant of the list (declared once, outside the component): it drives the memos.
 */
export function useUrlFilters<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  options: UrlFiltersOptions<Shape> = NO_OPTIONS,
) {
  const [params, setParams] = useSearchParams();
  const fields = (options.fields ?? NO_OPTIONS) as Record<string, UrlField | undefined>;
  const forgets = (options.forgets ?? NO_OPTIONS) as Record<string, readonly string[] | undefined>;
  const names = useMemo(() => Object.keys(schema.shape) as (keyof Shape & string)[], [schema]);
  const paramOf = useCallback((name: keyof Shape & string) => fields[name]?.param ?? name, [fields]);
  const filterNames = options.filters ?? names.filter((name) => !NOT_FILTERS.has(name));

  // `params` is a new object only when the address's query text changes.
  const { values, given } = useMemo(() => {
    const read: Record<string, unknown> = {};
    const accepted = new Set<string>();
    for (const name of names) {
      const field = schema.shape[name] as unknown as z.ZodType;
      const raw = params.get(paramOf(name));
      const reader = fields[name]?.read;
      const parsed = raw === null ? undefined : field.safeParse(reader ? reader(raw) : raw);
      if (parsed?.success) accepted.add(name);
      read[name] = parsed?.success ? parsed.data : field.safeParse(undefined).data;
    }
    return { values: read as Values<Shape>, given: accepted };
  }, [params, schema, names, fields, paramOf]);

  const set = useCallback(
    (changes: UrlFilterChanges<Shape>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const changed = Object.keys(changes) as (keyof Shape & string)[];
          for (const name of changed) {
            for (const other of forgets[name] ?? []) {
              if (!changed.includes(other)) next.delete(paramOf(other as keyof Shape & string));
            }
          }
          for (const name of changed) {
            const text = toText(fields[name], (changes as Record<string, unknown>)[name]);
            if (text) next.set(paramOf(name), text);
            else next.delete(paramOf(name));
          }
          // Any other change goes back to the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, forgets, fields, paramOf],
  );

  /** Whether the address gives the field (a value the schema accepts, not only its default). */
  const isSet = (name: keyof Shape & string) => given.has(name);
  const filtered = filterNames.some((name) => !isBlank((values as Record<string, unknown>)[name]));
  const clear = () =>
    set(Object.fromEntries(filterNames.map((name) => [name, undefined])) as UrlFilterChanges<Shape>);

  return { values, set, isSet, filtered, clear };
}
