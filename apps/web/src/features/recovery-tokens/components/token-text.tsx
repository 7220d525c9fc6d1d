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

/** Dates as the token screens write them: « lun. 12/10 » for a session, « 12/01/2027 » for an expiry. */
export function useTokenDates() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const short = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-BE' : 'en-GB', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    timeZone,
  });
  const full = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-BE' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  });
  const withTime = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-BE' : 'en-GB', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  });
  return {
    session: (iso: string) => short.format(new Date(iso)),
    sessionWithTime: (iso: string) => withTime.format(new Date(iso)),
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
