import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isSystemStaff } from '../../lib/access';
import type { OrganizationRepository, OrganizationRow } from './organization.repository';

const KEY_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const stripPort = (host: string) => host.replace(/:\d+$/, '');

/**
 * The organisation key is the first label of the host when the host is a subdomain of the base host:
 * `demo.localhost:3000` under `localhost:3000` gives `demo`. Anything else gives null.
 */
export function organizationKeyFromHost(host: string | undefined, baseHost: string): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  const base = baseHost.toLowerCase();
  let prefix: string | undefined;
  if (h.endsWith(`.${base}`)) prefix = h.slice(0, -(base.length + 1));
  else if (stripPort(h).endsWith(`.${stripPort(base)}`))
    prefix = stripPort(h).slice(0, -(stripPort(base).length + 1));
  if (!prefix || prefix.includes('.') || !KEY_PATTERN.test(prefix)) return null;
  return prefix;
}

/**
 * The organisation a public request is about: `x-organization-id` when the web app sends it, otherwise
 * the key in the host. Unknown or archived: 404 `organization_not_found`. In maintenance: 503
 * `organization_in_maintenance`, except for platform staff (signed in) and for the directory lookups
 * (`allowMaintenance`), which the web app needs to show the maintenance page.
 */
export async function resolveRequestOrganization(
  request: FastifyRequest,
  organizations: OrganizationRepository,
  baseHost: string,
  options: { allowMaintenance?: boolean } = {},
): Promise<OrganizationRow> {
  const header = request.headers['x-organization-id'];
  let organization: OrganizationRow | undefined;
  if (typeof header === 'string' && header.length > 0) {
    if (/^org_[a-z0-9]{1,64}$/.test(header)) organization = await organizations.findById(header);
  } else {
    const key = organizationKeyFromHost(request.headers.host, baseHost);
    if (key) organization = await organizations.findByKey(key);
  }
  if (!organization || (organization.archivedAt && !isPlatformStaff(request))) {
    throw new AppError('organization_not_found');
  }
  if (organization.maintenance && !options.allowMaintenance && !isPlatformStaff(request)) {
    throw new AppError('organization_in_maintenance');
  }
  return organization;
}

/** Platform staff (signed in, the token sent) still reach an organisation archived or in maintenance. */
export const isPlatformStaff = (request: FastifyRequest): boolean =>
  request.auth !== null && isSystemStaff(request.auth.homeOrganizationId, request.auth.actor);
