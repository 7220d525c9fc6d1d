import {
  ageRestrictionText,
  type CatalogDetail,
  formatDuration,
  formatMoney,
  formatPercent,
  formatSeats,
  LOCATION_TYPES,
  SUPPLEMENT_FREQUENCIES,
  UNLIMITED_SEATS,
} from '@inscrio/shared';
import { ArrowLeft, CalendarX2, Globe, MapPin, MessageSquareMore } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { hasErrorCode } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useCatalogBlueprint } from '../api/get-catalog-blueprint';
import { useTimeZone } from '@/lib/use-time-zone';
import { safeColor, tint } from '../utils/color';
import { zoneName } from '../utils/zone-name';
import { ActivityCover } from './activity-cover';
import { usePriceText } from './activity-card';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { useAuth } from '@/lib/auth-store';
import { isFamilyAccount } from '@/lib/family-members';
import { RegisterCard, type RegisterMode } from './register-card';

type Session = CatalogDetail['sessions'][number];

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Goes back to the list the visitor came from (filters kept), or to the catalogue on a direct visit. */
function BackToCatalog() {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigate = useNavigate();
  const cameFromApp = location.key !== 'default';
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link
        to={paths.catalog.to()}
        onClick={(event) => {
          if (cameFromApp) {
            event.preventDefault();
            void navigate(-1);
          }
        }}
      >
        <ArrowLeft aria-hidden="true" />
        {t('detail.back')}
      </Link>
    </Button>
  );
}

function SessionRow({ session, timeZone, color }: { session: Session; timeZone: string; color: string }) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const start = new Date(session.startDateTime);
  const end = new Date(start.getTime() + session.duration * 60_000);
  const cancelled = session.status === 'cancelled';
  const full = session.seats.freeSeats === 0;
  const seats =
    session.seats.freeSeats === UNLIMITED_SEATS
      ? formatSeats(UNLIMITED_SEATS, locale)
      : full
        ? t('seats.full')
        : t('seats.free', { count: session.seats.freeSeats });
  return (
    <li
      className="flex items-center gap-3 py-3 sm:gap-4"
      data-session={session.id}
      data-session-status={session.status}
    >
      <div
        className="grid w-12 shrink-0 place-items-center rounded-xl border py-1.5 text-center leading-tight"
        style={{ borderColor: tint(color, 0.35), backgroundColor: tint(color, 0.08) }}
        aria-hidden="true"
      >
        <span className="text-lg font-bold text-slate-900 tabular-nums">
          {formatPattern(start, 'd', timeZone, locale)}
        </span>
        <span className="text-[11px] font-semibold text-slate-600 uppercase">
          {formatPattern(start, 'MMM', timeZone, locale).replace('.', '')}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm font-semibold text-slate-900', cancelled && 'text-slate-500 line-through')}>
          <span className="sm:hidden">
            {capitalize(
              formatPattern(start, locale === 'fr' ? 'EEEE d MMM' : 'EEEE, MMM d', timeZone, locale),
            )}
          </span>
          <span className="hidden sm:inline">
            {capitalize(
              formatPattern(
                start,
                locale === 'fr' ? 'EEEE d MMMM yyyy' : 'EEEE, MMMM d, yyyy',
                timeZone,
                locale,
              ),
            )}
          </span>
        </p>
        <p className={cn('text-sm text-slate-600 tabular-nums', cancelled && 'line-through')}>
          {formatPattern(start, 'HH:mm', timeZone, locale)} – {formatPattern(end, 'HH:mm', timeZone, locale)}
          <span className="text-slate-500"> · </span>
          {formatDuration(session.duration)}
        </p>
        {session.status === 'postponed' && session.originalStartDateTime ? (
          <p className="text-xs text-amber-800">
            {t('detail.originally', {
              date: formatDateTime(session.originalStartDateTime, timeZone, locale),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <SessionStatusBadge status={session.status} />
        {cancelled ? null : (
          <span className={cn('text-xs font-medium', full ? 'text-red-700' : 'text-slate-600')} data-seats="">
            {seats}
          </span>
        )}
      </div>
    </li>
  );
}

function DetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-40 w-full rounded-2xl sm:h-56" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/** `/catalog/blueprints/{id}`: an activity, its supplements and upcoming sessions, and registration. */
export function CatalogBlueprintPage() {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const query = useCatalogBlueprint(id, locale);
  const priceText = usePriceText();
  const family = isFamilyAccount(useAuth().user);

  if (query.isPending) {
    return (
      <PageContainer>
        <BackToCatalog />
        <DetailSkeleton />
      </PageContainer>
    );
  }
  if (query.isError) {
    return (
      <PageContainer>
        <BackToCatalog />
        <ErrorState
          title={t('detail.error')}
          error={query.error}
          onRetry={hasErrorCode(query.error, 'not_found') ? undefined : () => void query.refetch()}
        />
      </PageContainer>
    );
  }

  const activity = query.data;
  const color = safeColor(activity.colorCode);
  const online = activity.locationType === 'online';
  const place = online
    ? LOCATION_TYPES.label('online', locale)
    : (activity.location ?? LOCATION_TYPES.label('physical', locale));
  const upcoming = activity.sessions;
  // Activities open on request only (not public): a family asks the club for sessions to come, once their
  // registrations are open (`opensAt` says they are not yet).
  const bookable = upcoming.some((s) => s.status !== 'cancelled' && Date.parse(s.startDateTime) > Date.now());
  const mode: RegisterMode | null = activity.registration.open
    ? 'register'
    : activity.visibility !== 'public' && activity.registration.opensAt === null && bookable
      ? 'request'
      : null;
  // Families register (or ask) here; managers register members from the registry.
  const canRegister = mode !== null && family;

  return (
    <PageContainer>
      <BackToCatalog />

      <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
        <ActivityCover
          imageUrl={activity.imageUrl}
          colorCode={activity.colorCode}
          className="h-28 sm:h-40 lg:h-48"
          eager
        />
        <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
          <div className="min-w-0 space-y-1">
            <p className="flex items-center gap-1.5 text-sm font-medium text-brand-700">
              <MapPin className="size-4" aria-hidden="true" />
              {activity.establishment.name}
            </p>
            <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900 sm:text-[28px]">
              {activity.name}
            </h1>
            {activity.visibility !== 'public' ? (
              <Badge variant="pink" className="gap-1" data-on-request="">
                <MessageSquareMore className="size-3" aria-hidden="true" />
                {t('card.onRequest')}
              </Badge>
            ) : null}
          </div>
          <p className="text-xl font-bold text-slate-900" data-price="">
            {priceText(activity)}
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <aside className="space-y-6 lg:col-start-2 lg:row-start-1">
          <Card data-registration="">
            <CardHeader>
              <CardTitle>{t('detail.registration.title')}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {activity.registration.message ? (
                <Alert tone="info">{activity.registration.message}</Alert>
              ) : null}
              {canRegister ? (
                <p className="text-sm text-slate-600">
                  {t(mode === 'request' ? 'register.requestAside' : 'register.aside')}
                </p>
              ) : mode !== null && !family ? (
                <p className="text-sm text-slate-600">{t('register.familyOnly')}</p>
              ) : null}
              <Button
                className="w-full"
                size="lg"
                disabled={!canRegister}
                onClick={() => {
                  const form = document.getElementById('register');
                  form?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  form
                    ?.querySelector<HTMLInputElement>('input:not([disabled])')
                    ?.focus({ preventScroll: true });
                }}
                data-register-start=""
              >
                {t(mode === 'request' ? 'register.request.visibility.action' : 'detail.registration.action')}
              </Button>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('detail.details')}</CardTitle>
            </CardHeader>
            <CardContent className="pt-2">
              <dl className="divide-y divide-slate-100">
                <Detail term={t('facts.price')}>{formatMoney(activity.price, locale)}</Detail>
                <Detail term={t('facts.tax')}>{formatPercent(activity.taxPercentage, locale)}</Detail>
                <Detail term={t('facts.duration')}>{activity.durationText}</Detail>
                <Detail term={t('facts.age')}>{activity.ageRestrictionText}</Detail>
                <Detail term={t('facts.seats')}>{activity.seatsText}</Detail>
                <Detail term={t('facts.location')}>
                  <span className="inline-flex items-center gap-1.5">
                    {online ? <Globe className="size-3.5 text-slate-400" aria-hidden="true" /> : null}
                    {place}
                  </span>
                </Detail>
                <Detail term={t('facts.establishment')}>{activity.establishment.name}</Detail>
              </dl>
            </CardContent>
          </Card>
        </aside>

        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <Card>
            <CardHeader>
              <CardTitle>{t('detail.description')}</CardTitle>
            </CardHeader>
            <CardContent>
              {activity.description ? (
                <p className="text-[15px] leading-relaxed whitespace-pre-line text-slate-700">
                  {activity.description}
                </p>
              ) : (
                <p className="text-sm text-slate-500">{t('detail.noDescription')}</p>
              )}
            </CardContent>
          </Card>

          {activity.supplements.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle>{t('detail.supplements.title')}</CardTitle>
                <p className="text-sm text-slate-600">{t('detail.supplements.text')}</p>
              </CardHeader>
              <CardContent className="pt-2">
                <ul className="divide-y divide-slate-100" data-supplements="">
                  {activity.supplements.map((supplement) => (
                    <li key={supplement.id} className="flex items-center justify-between gap-4 py-2.5">
                      <div className="min-w-0">
                        <p className="text-sm font-medium text-slate-900">{supplement.name}</p>
                        <p className="text-xs text-slate-500">
                          {supplement.minAge || supplement.maxAge
                            ? ageRestrictionText(supplement.minAge, supplement.maxAge, locale)
                            : t('detail.supplements.everyone')}
                        </p>
                        <p className="text-xs text-slate-500" data-supplement-frequency="">
                          {SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale)}
                        </p>
                      </div>
                      <span className="shrink-0 text-sm font-semibold text-slate-900">
                        + {formatMoney(supplement.price, locale)}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}

          {canRegister ? (
            <RegisterCard activity={activity} mode={mode} />
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{t('detail.sessions.title')}</CardTitle>
                <p className="text-sm text-slate-600">
                  {t('detail.sessions.text', { zone: zoneName(timeZone, locale) })}
                </p>
              </CardHeader>
              <CardContent className="pt-1">
                {upcoming.length === 0 ? (
                  <div className="flex flex-col items-center gap-2 py-6 text-center">
                    <CalendarX2 className="size-7 text-slate-400" aria-hidden="true" />
                    <p className="text-sm text-slate-600">{t('detail.sessions.empty')}</p>
                  </div>
                ) : (
                  <ul className="divide-y divide-slate-100" data-sessions="">
                    {upcoming.map((session) => (
                      <SessionRow key={session.id} session={session} timeZone={timeZone} color={color} />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
