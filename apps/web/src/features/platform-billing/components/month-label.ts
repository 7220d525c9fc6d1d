import type { Locale } from '@inscrio/shared';

/** « novembre 2026 » for `2026-11`. */
export function monthLabel(month: string, locale: Locale): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  if (!year || !m) return month;
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString(locale === 'en' ? 'en-GB' : 'fr-BE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
