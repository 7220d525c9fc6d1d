import type { CountryCode } from './format';

/*
 * The organisation key: the subdomain a club lives on (`{key}.{base host}`), chosen at sign-up
 * (spec sections 3 and 5, issue 16). Pure rules shared by the API and the web form.
 */

export const ORGANIZATION_KEY_MIN = 3;
export const ORGANIZATION_KEY_MAX = 40;

/** Lower-case letters, digits and hyphens, 3 to 40 characters, no hyphen first or last. */
export const ORGANIZATION_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/**
 * Keys no club may take: the platform's own hosts and the names a visitor could mistake for the
 * platform. Keep the list sorted; add a name here before the platform uses it as a subdomain.
 */
export const RESERVED_ORGANIZATION_KEYS: ReadonlySet<string> = new Set([
  'abuse',
  'account',
  'accounts',
  'admin',
  'administration',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'blog',
  'cdn',
  'dashboard',
  'demo',
  'dev',
  'docs',
  'facturation',
  'ftp',
  'help',
  'imap',
  'inscrio',
  'login',
  'mail',
  'mx',
  'onboarding',
  'platform',
  'plateforme',
  'pop',
  'postmaster',
  'root',
  'security',
  'smtp',
  'staging',
  'static',
  'status',
  'support',
  'system',
  'test',
  'webmail',
  'www',
]);

export type OrganizationKeyProblem = 'invalid' | 'reserved';

/** Why `key` cannot be an organisation key, or null when its form is fine (it may still be taken). */
export function organizationKeyProblem(key: string): OrganizationKeyProblem | null {
  if (!ORGANIZATION_KEY_PATTERN.test(key)) return 'invalid';
  if (RESERVED_ORGANIZATION_KEYS.has(key)) return 'reserved';
  return null;
}

/**
 * A key from any text: accents dropped, lower case, every other run of characters a single hyphen,
 * cut to 40 characters, no hyphen first or last. May come out shorter than 3 characters (or empty).
 */
export function slugifyOrganizationKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, ORGANIZATION_KEY_MAX)
    .replace(/-+$/, '');
}

/** The key suggested for an organisation name: its slug, lengthened to 3 characters when too short. */
export function organizationKeyFromName(name: string): string {
  const slug = slugifyOrganizationKey(name);
  if (slug.length === 0) return '';
  return slug.length >= ORGANIZATION_KEY_MIN ? slug : `club-${slug}`;
}

/** `base` followed by `-suffix`, `base` cut so the whole stays within 40 characters. */
function withSuffix(base: string, suffix: string): string {
  const room = ORGANIZATION_KEY_MAX - suffix.length - 1;
  return `${base.slice(0, room).replace(/-+$/, '')}-${suffix}`;
}

/**
 * Candidate keys when `key` is taken or reserved, best first: `key-{city}` when a city is known, then
 * `key-2` to `key-{count + 1}`, then `club-key`. Each is a well-formed, unreserved key; the caller keeps
 * the free ones.
 */
export function organizationKeyCandidates(key: string, city?: string | null, count = 8): string[] {
  const base = slugifyOrganizationKey(key) || 'club';
  const candidates: string[] = [];
  const citySlug = city ? slugifyOrganizationKey(city) : '';
  if (citySlug && !base.endsWith(citySlug)) candidates.push(withSuffix(base, citySlug));
  for (let n = 2; n <= count + 1; n += 1) candidates.push(withSuffix(base, String(n)));
  if (!base.startsWith('club-')) candidates.push(withSuffix('club', base).slice(0, ORGANIZATION_KEY_MAX));
  return [...new Set(candidates.map((candidate) => candidate.replace(/-+$/, '')))].filter(
    (candidate) => candidate !== key && organizationKeyProblem(candidate) === null,
  );
}

/** What the country of a club sets (spec section 1: Belgium, France, Luxembourg). */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, string>> = Object.freeze({
  BEL: 'Europe/Brussels',
  FRA: 'Europe/Paris',
  LUX: 'Europe/Luxembourg',
});

/** The time zone of a club in `country`. */
export const timeZoneOfCountry = (country: CountryCode): string => COUNTRY_TIME_ZONES[country];
