import { z } from 'zod';
import { withHttps } from '../format';
import type { Locale } from '../locale';
import { optionalEmail, optionalText, givenAndFirstIssue } from '../validation/fields';
import { message } from '../validation/messages';

/*
 * The website settings of an organisation (spec section 3 'Website data/settings'): its public page and
 * the custom external button of the menu. Web addresses may be typed without their scheme: https is
 * prepended at display (spec section 5), so the rule checks the address as it will be opened.
 */

/** A web address once https is prepended: a host with a dot (or localhost), no spaces. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(withHttps(value));
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (url.hostname.includes('.') || url.hostname === 'localhost') &&
      !/\s/.test(value.trim())
    );
  } catch {
    return false;
  }
}

function optionalWebAddress(locale: Locale) {
  return z
    .string({ error: message('text', locale) })
    .trim()
    .max(500, { error: message('maxLength', locale, { max: 500 }), ...givenAndFirstIssue })
    .refine(isWebAddress, { error: message('webAddress', locale), ...givenAndFirstIssue })
    .nullish();
}

const bounded = (locale: Locale, max: number) => optionalText(locale, 0, max);

/** `PATCH /website/settings`: every field optional; '' or null clears it. */
export function websiteSettingsSchema(locale: Locale) {
  return z
    .object({
      enabled: z.boolean({ error: message('boolean', locale) }),
      title: bounded(locale, 120),
      description: bounded(locale, 4000),
      faviconAsset: bounded(locale, 100),
      logoAsset: bounded(locale, 100),
      backgroundAsset: bounded(locale, 100),
      contactEmail: optionalEmail(locale),
      contactPhone: bounded(locale, 40),
      contactFacebook: optionalWebAddress(locale),
      contactInstagram: optionalWebAddress(locale),
      showCustomButton: z.boolean({ error: message('boolean', locale) }),
      customButtonName: bounded(locale, 40),
      customButtonURL: optionalWebAddress(locale),
    })
    .partial();
}

export type WebsiteSettingsInput = z.infer<ReturnType<typeof websiteSettingsSchema>>;
