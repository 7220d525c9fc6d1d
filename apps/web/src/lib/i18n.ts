import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES, resolveLocale } from '@inscrio/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/*
 * French by default, English fallback (spec sections 1 and 9). One JSON file per feature and language
 * under src/locales/{fr,en}/; the file name is the namespace. A unit test keeps both languages' keys
 * identical.
 */

type Resource = Record<string, unknown>;

const files = import.meta.glob<Resource>('../locales/*/*.json', { eager: true, import: 'default' });

/** `{ fr: { auth: {...}, common: {...} }, en: {...} }` built from the files. */
export const resources: Record<Locale, Record<string, Resource>> = { fr: {}, en: {} };
for (const [path, content] of Object.entries(files)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language = '', namespace = ''] = match;
  if (isLocale(language)) resources[language][namespace] = content;
}

export const namespaces = Object.keys(resources.fr);

/** The visitor's own choice on public pages; a signed-in user's language comes from their account. */
const PREFERENCE_KEY = 'inscrio.locale';

function storedPreference(): Locale | null {
  try {
    const value = window.localStorage.getItem(PREFERENCE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedPreference() ?? DEFAULT_LOCALE,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  // Resources are bundled: initialise synchronously so the first render already has its texts.
  initAsync: false,
});

/** The language in use, as the shared package's Locale. */
export function currentLocale(): Locale {
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}

function apply(locale: Locale): void {
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/** A visitor picks a language on a public page; remembered in this browser. */
export function chooseLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(PREFERENCE_KEY, locale);
  } catch {
    // Not remembered, still applied.
  }
  apply(locale);
}

/** A signed-in user's language is their account's (user.locale). */
export function applyUserLocale(userLocale: string | null | undefined): void {
  apply(userLocale ? resolveLocale(userLocale) : (storedPreference() ?? DEFAULT_LOCALE));
}
