import type { Locale } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@/lib/i18n';

/** The language in use; re-renders when it changes (so form schemas follow it). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  void i18n.language;
  return currentLocale();
}
