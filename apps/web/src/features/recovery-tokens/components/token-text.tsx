import {
  formatMoney,
  RECOVERY_TOKEN_ORIGINS,
  RECOVERY_TOKEN_STATUSES,
  type RecoveryTokenDto,
  type RecoveryTokenStatus,
  recoveryTokenBadgeVariant,
} from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';

export function TokenStatusBadge({ status }: { status: RecoveryTokenStatus }) {
  const locale = useLocale();
  return (
    <Badge variant={recoveryTokenBadgeVariant(status)} data-token-status={status}>
      {RECOVERY_TOKEN_STATUSES.label(status, locale)}
    </Badge>
  );
}

/**
 * Dates as the token screens write them: « lun. 12/10 » for a session this year, « lun. 12/10/2027 »
 * for one in another year, « 12/01/2027 » for an expiry.
 */
export function useTokenDates() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale === 'fr' ? 'fr-BE' : 'en-GB', { ...options, timeZone });
  const dayMonth = { weekday: 'short', day: '2-digit', month: '2-digit' } as const;
  const time = { hour: '2-digit', minute: '2-digit' } as const;
  const short = format(dayMonth);
  const shortWithYear = format({ ...dayMonth, year: 'numeric' });
  const withTime = format({ ...dayMonth, ...time });
  const withTimeAndYear = format({ ...dayMonth, year: 'numeric', ...time });
  const full = format({ day: '2-digit', month: '2-digit', year: 'numeric' });
  const yearOf = format({ year: 'numeric' });
  const thisYear = yearOf.format(new Date());
  const sameYear = (date: Date) => yearOf.format(date) === thisYear;
  return {
    session: (iso: string) => {
      const date = new Date(iso);
      return (sameYear(date) ? short : shortWithYear).format(date);
    },
    sessionWithTime: (iso: string) => {
      const date = new Date(iso);
      return (sameYear(date) ? withTime : withTimeAndYear).format(date);
    },
    day: (iso: string) => full.format(new Date(iso)),
  };
}

/** Where a token comes from: « Absence au Judo du lun. 12/10 », or its origin's label. */
export function useTokenOrigin() {
  const { t } = useTranslation('recovery-tokens');
  const locale = useLocale();
  const dates = useTokenDates();
  return (token: RecoveryTokenDto) =>
    token.originSession
      ? t(`origin.${token.origin}`, {
          activity: token.originSession.activityName,
          date: dates.session(token.originSession.startDateTime),
        })
      : token.note
        ? `${RECOVERY_TOKEN_ORIGINS.label(token.origin, locale)}${locale === 'fr' ? ' : ' : ': '}${token.note}`
        : RECOVERY_TOKEN_ORIGINS.label(token.origin, locale);
}

export function useTokenValue() {
  const { t } = useTranslation('recovery-tokens');
  const locale = useLocale();
  return (cents: number) => (cents > 0 ? formatMoney(cents, locale) : t('value.free'));
}
