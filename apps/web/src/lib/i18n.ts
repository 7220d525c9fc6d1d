import { DEFAULT_LOCALE, isLocale, type Locale, LOCALES, resolveLocale } from '@inscrio/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LocaleBundle } from '../locales/bundle';

/*
 * French by default, English fallback (spec sections 1 and 9). One JSON file per feature and language
 * under src/locales/{fr,en}/; the file name is the namespace. A unit test keeps both languages' keys
 * identical. Each language is its own chunk (src/locales/fr.ts, en.ts), loaded when it is first shown:
 * the page's first load fetches only the language it shows (index.html preloads it).
 */

const bundles: Record<Locale, () => Promise<{ default: LocaleBundle }>> = {
  fr: () => import('../locales/fr'),
  en: () => import('../locales/en'),
};

const loaded = new Set<Locale>();
const loading = new Map<Locale, Promise<void>>();

/** Loads a language's texts once; resolves when they can be shown. */
export function loadLocale(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = bundles[locale]().then(({ default: bundle }) => {
      for (const [namespace, content] of Object.entries(bundle)) {
        i18n.addResourceBundle(locale, namespace, content, true, true);
      }
      loaded.add(locale);
    });
    loading.set(locale, pending);
    // A failed load (network) is tried again at the next request for that language.
    pending.catch(() => loading.delete(locale));
  }
  return pending;
}

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

const initialLocale = storedPreference() ?? DEFAULT_LOCALE;

void i18n.use(initReactI18next).init({
  // Filled by loadLocale; the app renders once the first language is in (i18nReady).
  resources: {},
  lng: initialLocale,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Resolves once the texts of the language the page opens in are loaded. */
export const i18nReady: Promise<void> = loadLocale(initialLocale).then(async () => {
  // Settles the resolved language now that it has texts.
  await i18n.changeLanguage(i18n.language);
});

/** The language in use, as the shared package's Locale. */
export function currentLocale(): Locale {
  return resolveLocale(i18n.resolvedLanguage ?? i18n.language);
}

/** The language last asked for: a slower load of an earlier choice must not override it. */
let wanted: Locale = initialLocale;

function apply(locale: Locale): void {
  wanted = locale;
  const show = () => {
    if (wanted !== locale) return;
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  };
  // Already loaded: switched at once, as before; otherwise as soon as its texts arrive.
  if (loaded.has(locale)) show();
  else loadLocale(locale).then(show, (error: unknown) => console.error(error));
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
