import {
  ageRestrictionText,
  formatDuration,
  isCustomButtonVisible,
  type Locale,
  type WebsiteSettingsInput,
  withHttps,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { OrganizationRow } from '../organizations/organization.repository';
import { descriptionText, sanitizeDescription } from '../../lib/rich-text';
import {
  createWebsiteRepository,
  type PublicSessionRow,
  type WebsiteSettingsChanges,
  type WebsiteSettingsRow,
} from './website.repository';

/** What a link pasted in a chat or a social network shows (Open Graph and Twitter cards). */
export interface ShareMeta {
  title: string;
  description: string;
  /** Paths on the organisation's host; the caller makes them absolute. */
  imagePath: string | null;
  faviconPath: string | null;
}

const publicSession = (session: PublicSessionRow) => ({
  id: session.id,
  startDateTime: session.startDateTime,
  /** Null when the session has no seat limit. */
  freeSeats: session.maxSeats === -1 ? null : Math.max(0, session.maxSeats - session.reservedSeats),
});

const assetUrl = (organizationId: string, id: string | null) =>
  id ? `/api/assets/serve/${id}?orgId=${encodeURIComponent(organizationId)}` : null;

const blank = (value: string | null | undefined) =>
  value == null || value.trim() === '' ? null : value.trim();

/** The settings as the spec names them (section 3); an organisation without a row gets the defaults. */
export function toWebsiteSettings(organizationId: string, row: WebsiteSettingsRow | undefined) {
  return {
    enabled: row?.enabled ?? false,
    title: row?.title ?? null,
    // Cleaned again on the way out: a description stored before it was cleaned at save never runs either.
    description: row?.description ? sanitizeDescription(row.description) : null,
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

/** The custom button as it shows (spec section 5): only when enabled with both a name and a URL. */
function customButton(settings: ReturnType<typeof toWebsiteSettings>) {
  return isCustomButtonVisible(settings)
    ? { name: settings.customButtonName!.trim(), url: settings.customButtonURL! }
    : null;
}

export function createWebsiteService(ctx: AppContext) {
  const repository = createWebsiteRepository(ctx.db);

  return {
    async settings(organizationId: string) {
      return toWebsiteSettings(organizationId, await repository.find(organizationId));
    },

    /**
     * The public page's data: the settings, the establishments and the activities open to all with their
     * next sessions. While the website is disabled only what the menu and the « disabled » page need
     * (title, logo, favicon, the custom button) is answered.
     */
    async data(organization: OrganizationRow, locale: Locale) {
      const row = await repository.find(organization.id);
      const settings = { ...toWebsiteSettings(organization.id, row), title: row?.title ?? organization.name };
      if (!settings.enabled) {
        return {
          ...settings,
          description: null,
          backgroundAsset: null,
          backgroundUrl: null,
          contactEmail: null,
          contactPhone: null,
          contactFacebook: null,
          contactInstagram: null,
          customButton: customButton(settings),
          establishments: [],
          activities: [],
        };
      }
      const [establishments, activities] = await Promise.all([
        repository.publicEstablishments(organization.id),
        repository.publicActivities(organization.id, ctx.clock.now()),
      ]);
      return {
        ...settings,
        customButton: customButton(settings),
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
          nextSessions: a.nextSessions.map(publicSession),
        })),
      };
    },

    /** The link preview of `/discover`: the website's title, description, background (or logo), favicon. */
    async shareMeta(organization: OrganizationRow): Promise<ShareMeta> {
      const row = await repository.find(organization.id);
      const settings = toWebsiteSettings(organization.id, row);
      const enabled = settings.enabled;
      return {
        title: row?.title ?? organization.name,
        description: enabled ? descriptionText(settings.description) : '',
        imagePath: (enabled ? settings.backgroundUrl : null) ?? settings.logoUrl,
        faviconPath: settings.faviconUrl,
      };
    },

    /** The link preview of an activity's catalogue page; undefined for an activity not open to all. */
    async activityShareMeta(
      organization: OrganizationRow,
      blueprintId: string,
    ): Promise<ShareMeta | undefined> {
      const [row, activity] = await Promise.all([
        repository.find(organization.id),
        repository.publicActivity(organization.id, blueprintId),
      ]);
      if (!activity) return undefined;
      const settings = toWebsiteSettings(organization.id, row);
      const site = row?.title ?? organization.name;
      return {
        title: `${activity.name} – ${site}`,
        description: descriptionText(activity.description),
        imagePath:
          assetUrl(organization.id, activity.imageAssetId) ??
          (settings.enabled ? settings.backgroundUrl : null) ??
          settings.logoUrl,
        faviconPath: settings.faviconUrl,
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
      set(
        'description',
        input.description === undefined || input.description === null
          ? input.description
          : sanitizeDescription(input.description),
      );
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
