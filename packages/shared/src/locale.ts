export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** French is the product language; English is the fallback. */
export const DEFAULT_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

interface WeightedTag {
  tag: string;
  q: number;
  index: number;
}

function parseQuality(params: string[]): number | null {
  for (const param of params) {
    const [name, value] = param.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    // RFC 9110: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
    if (value === undefined || !/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return null;
    return Number(value);
  }
  return 1;
}

/**
 * Picks the supported locale from an Accept-Language header ("en-US,en;q=0.9,fr;q=0.8") or a bare
 * code ("en-US", "fr_BE"). Ranges are tried by decreasing quality, ties in header order; q=0 means
 * "not acceptable" and entries with a malformed q are ignored. "*" accepts the default locale.
 */
export function resolveLocale(input?: string | null): Locale {
  if (!input) return DEFAULT_LOCALE;
  const ranges: WeightedTag[] = [];
  input.split(',').forEach((entry, index) => {
    const [rawTag = '', ...params] = entry.split(';');
    const tag = rawTag.trim().toLowerCase();
    if (tag === '') return;
    const q = parseQuality(params);
    if (q === null || q <= 0) return;
    ranges.push({ tag, q, index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LOCALE;
    const primary = tag.split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}
