import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** An organisation's public website and the custom button of its menu (spec section 3, 'Website'). */
export const websiteSettings = pgTable('website_settings', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  enabled: boolean('enabled').notNull().default(false),
  title: text('title'),
  description: text('description'),
  faviconAssetId: text('favicon_asset_id'),
  logoAssetId: text('logo_asset_id'),
  backgroundAssetId: text('background_asset_id'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  contactFacebook: text('contact_facebook'),
  contactInstagram: text('contact_instagram'),
  showCustomButton: boolean('show_custom_button').notNull().default(false),
  customButtonName: text('custom_button_name'),
  customButtonUrl: text('custom_button_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
