/**
 * The organisation is chosen by the first label of the address (spec section 1): `demo.localhost:3000`
 * is the organisation `demo` on the base host `localhost:3000`. A bare base host (`localhost:3000`,
 * `inscrio.be`) belongs to no organisation and shows the organisation picker.
 */

export interface HostInfo {
  /** The organisation key, or null on the bare base host. */
  key: string | null;
  /** `host[:port]` the organisation subdomains hang from. */
  baseHost: string;
  /** 'http:' or 'https:' */
  protocol: string;
}

const KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
/** First labels that name the site itself, not an organisation. */
const NOT_ORGANIZATIONS = new Set(['www']);

/**
 * Reads the organisation key from a location. `configuredBaseHost` (VITE_APP_BASE_HOST) removes all
 * guessing; without it a `*.localhost` name, or any name of three labels or more, is a subdomain.
 */
export function parseHost(
  location: { hostname: string; port: string; protocol: string },
  configuredBaseHost: string | undefined = import.meta.env.VITE_APP_BASE_HOST,
): HostInfo {
  const hostname = location.hostname.toLowerCase().replace(/\.$/, '');
  const port = location.port ? `:${location.port}` : '';
  const bare: HostInfo = { key: null, baseHost: `${hostname}${port}`, protocol: location.protocol };
  if (hostname === 'localhost' || IPV4.test(hostname) || hostname.startsWith('[')) return bare;

  const labels = hostname.split('.');
  const [first = '', ...rest] = labels;
  const parent = rest.join('.');
  let isSubdomain: boolean;
  if (configuredBaseHost) {
    isSubdomain = parent === configuredBaseHost.toLowerCase().replace(/:\d+$/, '');
  } else {
    isSubdomain = parent === 'localhost' || labels.length >= 3;
  }
  if (!isSubdomain || NOT_ORGANIZATIONS.has(first) || !KEY_PATTERN.test(first)) return bare;
  return { key: first, baseHost: `${parent}${port}`, protocol: location.protocol };
}

let current: HostInfo | undefined;

/** The host of the running page (read once). */
export function currentHost(): HostInfo {
  current ??= parseHost(window.location);
  return current;
}

/** Address of a page on an organisation's subdomain: `http://demo.localhost:3000/login`. */
export function organizationUrl(key: string, path = '/', host: HostInfo = currentHost()): string {
  return `${host.protocol}//${key}.${host.baseHost}${path}`;
}

/** Address of the bare base host, where the organisation picker lives. */
export function baseHostUrl(path = '/', host: HostInfo = currentHost()): string {
  return `${host.protocol}//${host.baseHost}${path}`;
}

/** Key of the system organisation, where platform staff work. */
export const SYSTEM_ORGANIZATION_KEY = 'admin';
