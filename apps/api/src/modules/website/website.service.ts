import {
  ageRestrictionText,
  formatDuration,
  type Locale,
  type WebsiteSettingsInput,
  withHttps,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { OrganizationRow } from '../organizations/organization.repository';
import {
  createWebsiteRepository,
  type WebsiteSettingsChanges,
  type WebsiteSettingsRow,
} from './website.repository';

const assetUrl = (organizationId: string, id: string | null) =>
  id ? `/api/assets/serve/${id}?orgId=${encodeURIComponent(organizationId)}` : null;

const blank = (value: string | null | undefined) =>
  value == null || value.trim() === '' ? null : value.trim();

/** The settings as the spec names them (section 3); an organisation without a row gets the defaults. */
export function toWebsiteSettings(organizationId: string, row: WebsiteSettingsRow | undefined) {
  return {
    enabled: row?.enabled ?? false,
    title: row?.title ?? null,
    description: row?.description ?? null,
    faviconAsset: row?.faviconAssetId ?? null,
    logoAsset: row?.logoAssetId ?? null,
    backgroundAsset: row?.backgroundAssetId ?? null,
    faviconUrl: assetUrl(organizationId, row?.faviconAssetId ?? null),
    logoUrl: assetUrl(organizationId, row?.logoAssetId ?? null),
    backgroundUrl: assetUrl(organizationId, row?.backgroundAssetId ?? null),
    contactEmail: row?.contactEmail ?? null,
    contactPhone: row?.contactPhone ?? null,
    contactFacebook: row?.contactFacebook ? withHttps(row.contactFacebook) : null,
    contactInstagram: row?.contactInstagram ? withHttps(row.contactInstagram) : null,
    showCustomButton: row?.showCustomButton ?? false,
    customButtonName: row?.customButtonName ?? null,
    customButtonURL: row?.customButtonUrl ? withHttps(row.customButtonUrl) : null,
  };
}

export function createWebsiteService(ctx: AppContext) {
  const repository = createWebsiteRepository(ctx.db);

  return {
    async settings(organizationId: string) {
      return toWebsiteSettings(organizationId, await repository.find(organizationId));
    },

    /** The public page's data: the settings, the establishments and the activities open to all. */
    async data(organization: OrganizationRow, locale: Locale) {
      const [row, establishments, activities] = await Promise.all([
        repository.find(organization.id),
        repository.publicEstablishments(organization.id),
        repository.publicActivities(organization.id),
      ]);
      return {
        ...toWebsiteSettings(organization.id, row),
        title: row?.title ?? organization.name,
        establishments,
        activities: activities.map((a) => ({
          id: a.id,
          name: a.name,
          description: a.description,
          imageUrl: assetUrl(organization.id, a.imageAssetId),
          colorCode: a.colorCode,
          price: a.price,
          durationText: formatDuration(a.duration),
          ageRestrictionText: ageRestrictionText(a.minAge, a.maxAge, locale),
          establishmentId: a.establishmentId,
        })),
      };
    },

    async update(organizationId: string, input: WebsiteSettingsInput) {
      const assetFields = ['faviconAsset', 'logoAsset', 'backgroundAsset'] as const;
      const named = assetFields.map((f) => blank(input[f])).filter((id): id is string => id !== null);
      const existing = await repository.existingAssets(organizationId, named);
      const unknown = assetFields.filter((f) => blank(input[f]) !== null && !existing.has(blank(input[f])!));
      if (unknown.length > 0) {
        throw new AppError(
          'validation_failed',
          unknown.map((field) => ({
            field,
            rule: 'unknown_asset',
            message: 'Les données fournies sont introuvables.',
          })),
        );
      }
      const changes: WebsiteSettingsChanges = {};
      const set = <K extends keyof WebsiteSettingsChanges>(
        key: K,
        value: WebsiteSettingsChanges[K] | undefined,
      ) => {
        if (value !== undefined) changes[key] = value;
      };
      const text = (value: string | null | undefined) => (value === undefined ? undefined : blank(value));
      set('enabled', input.enabled);
      set('title', text(input.title));
      set('description', text(input.description));
      set('faviconAssetId', text(input.faviconAsset));
      set('logoAssetId', text(input.logoAsset));
      set('backgroundAssetId', text(input.backgroundAsset));
      set('contactEmail', text(input.contactEmail));
      set('contactPhone', text(input.contactPhone));
      set('contactFacebook', text(input.contactFacebook));
      set('contactInstagram', text(input.contactInstagram));
      set('showCustomButton', input.showCustomButton);
      set('customButtonName', text(input.customButtonName));
      set('customButtonUrl', text(input.customButtonURL));
      await repository.upsert(organizationId, changes);
      return this.settings(organizationId);
    },
  };
}
