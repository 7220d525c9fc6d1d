import { organizationUrl, type Config } from '../../config';
import type { Executor } from '../../db/client';
import { createMailBrandRepository } from './mail-brand.repository';

/** What heads every e-mail of a club: its name and its logo (an absolute URL), when it has one. */
export interface MailBrand {
  name: string;
  logoUrl: string | null;
}

/** Finds the brand of an organisation's mails; null for an unknown one. */
export type MailBrandLookup = (organizationId: string, executor?: Executor) => Promise<MailBrand | null>;

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The club's logo is linked, not attached: the public asset URL (served cross-origin and cached for a
 * year, for exactly this) is shown by Gmail, Apple Mail and the phone clients without asking, costs a
 * mailing of thousands nothing per message, and the copy kept in the family's inbox shows it too. A
 * client that blocks remote images (Outlook on the desktop) shows the alt text, the club's name.
 */
export function brandHeader(brand: MailBrand | null | undefined): string {
  if (!brand) return '';
  const name = escapeHtml(brand.name);
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${name}" height="48" style="display:block;margin:0 auto 8px;height:48px;max-width:200px;width:auto;border:0">`
    : '';
  return `<div style="text-align:center;margin:0 0 20px;padding:0 0 16px;border-bottom:1px solid #e2e8f0">${logo}<div style="font-weight:600;font-size:16px;color:#0f172a">${name}</div></div>`;
}

/** The public URL of an asset, as assets/assets.dto.ts serves it (mail may not import a module of its own line). */
const assetPath = (organizationId: string, id: string) =>
  `/api/assets/serve/${encodeURIComponent(id)}?orgId=${encodeURIComponent(organizationId)}`;

/** The organisation's brand: its website logo, else the logo of its documents. */
export function createMailBrandLookup(config: Config, db: Executor): MailBrandLookup {
  return async (organizationId, executor) => {
    const row = await createMailBrandRepository(executor ?? db).find(organizationId);
    if (!row) return null;
    const logo = row.logoAssetId ?? row.documentLogoAssetId;
    return {
      name: row.name,
      logoUrl: logo ? organizationUrl(config, row.key, assetPath(organizationId, logo)) : null,
    };
  };
}
