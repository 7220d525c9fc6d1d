import { formatDuration, formatSeats, UNLIMITED_SEATS } from '@inscrio/shared';
import { ArrowRight, Printer, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { hasErrorCode } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useAttendanceSheet } from '../api/get-attendees';
import { useService } from '../api/get-service';
import { useTimeZone } from '@/lib/use-time-zone';
import { fillingText, hoursText, isUnlimited, longDayText } from '../utils/service-texts';
import { AttendanceSheet } from '@/features/attendance';
import { PrestationStatusBadge } from './prestation-status-badge';
import { SeatsMeter } from './seats-meter';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{term}</dt>
      <dd className="text-right text-sm font-medium text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <div className="space-y-2">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-8 w-72" />
        <Skeleton className="h-4 w-40" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    </div>
  );
}

/** Downloads the session's printable attendance sheet (PDF), for the days without network. */
function PrintSheetButton({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('holdings');
  const sheet = useAttendanceSheet();
  return (
    <Button variant="secondary" loading={sheet.isPending} onClick={() => sheet.mutate(serviceId)}>
      <Printer aria-hidden="true" />
      {t('attendees.printSheet')}
    </Button>
  );
}

/**
 * A session seen by its holder (`/holdings/services/{id}`): their own prestation, the way to declare an
 * absence, and the attendance sheet (the attendance feature's, as on `/attendance/services/{id}`).
 */
export function ServiceDetailPage() {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const { id = '' } = useParams();
  const query = useService(id);
  const back = { to: paths.holdingServices.to(), label: t('detail.backHolder') };

  if (query.isPending || query.isError) {
    return (
      <PageContainer className="max-w-5xl">
        <BackLink to={back.to}>{back.label}</BackLink>
        {query.isPending ? (
          <DetailSkeleton />
        ) : (
          <ErrorState
            title={t('detail.error')}
            error={query.error}
            onRetry={hasErrorCode(query.error, 'not_found') ? undefined : () => void query.refetch()}
          />
        )}
      </PageContainer>
    );
  }

  const service = query.data;
  const cancelled = service.status === 'cancelled';
  const own = service.prestations.find((prestation) => prestation.holderUserId === user?.id);

  return (
    <PageContainer className="max-w-5xl">
      <BackLink to={back.to}>{back.label}</BackLink>
      <header className="space-y-2">
        <p className="text-sm font-medium text-brand-700">
          {longDayText(service.startDateTime, timeZone, locale)}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <h1
            className={cn(
              'text-2xl font-bold tracking-tight text-slate-900 sm:text-[28px]',
              cancelled && 'text-slate-500 line-through',
            )}
          >
            {service.blueprintName}
          </h1>
          <SessionStatusBadge status={service.status} />
        </div>
        <p className="text-[15px] text-slate-600 tabular-nums">
          {hoursText(service.startDateTime, service.duration, timeZone, locale)}
          <span className="text-slate-500"> · </span>
          {formatDuration(service.duration)}
        </p>
      </header>

      {service.status === 'postponed' && service.originalStartDateTime ? (
        <Alert tone="warning">
          {t('detail.postponed', { date: formatDateTime(service.originalStartDateTime, timeZone, locale) })}
        </Alert>
      ) : null}
      {cancelled ? <Alert tone="error">{t('detail.cancelled')}</Alert> : null}

      {own ? (
        <Card data-own-prestation={own.id}>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-3">
              <span className="grid size-10 place-items-center rounded-full bg-brand-50 text-brand-700">
                <UserRound className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="text-sm font-semibold text-slate-900">{t('detail.ownPrestation')}</p>
                <div className="mt-0.5 flex items-center gap-2">
                  <PrestationStatusBadge status={own.status} />
                  {own.absenceNote ? <span className="text-xs text-slate-600">{own.absenceNote}</span> : null}
                </div>
              </div>
            </div>
            <Button asChild variant={own.status === 'absent' ? 'secondary' : 'primary'}>
              <Link to={paths.holdingPrestation.to(own.id)}>
                {own.status === 'absent' ? t('detail.openPrestation') : t('detail.declareAbsence')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('seats.title')}</CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            <dl className="divide-y divide-slate-100">
              <Row term={t('seats.max')}>{formatSeats(service.seats.maxSeats, locale)}</Row>
              <Row term={t('seats.reserved')}>{service.seats.reservedSeats}</Row>
              <Row term={t('seats.free')}>
                {service.seats.freeSeats === UNLIMITED_SEATS
                  ? formatSeats(UNLIMITED_SEATS, locale)
                  : service.seats.freeSeats === 0
                    ? t('seats.full')
                    : service.seats.freeSeats}
              </Row>
              {isUnlimited(service.seats) ? null : (
                <Row term={t('seats.fillingRate')}>{fillingText(service.seats, locale)}</Row>
              )}
            </dl>
            {isUnlimited(service.seats) ? null : (
              <SeatsMeter
                rate={service.seats.fillingRate}
                label={t('seats.fillingRate')}
                className="mt-2 h-2"
              />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('holders.title')}</CardTitle>
          </CardHeader>
          <CardContent className="pt-2">
            {service.prestations.length === 0 ? (
              <p className="py-2 text-sm text-slate-500">{t('holders.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {service.prestations.map((prestation) => (
                  <li key={prestation.id} className="flex items-center justify-between gap-3 py-2.5">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-slate-900">
                        {prestation.holderName}
                        {prestation.holderUserId === user?.id ? (
                          <span className="font-normal text-slate-500"> {t('holders.you')}</span>
                        ) : null}
                      </p>
                      {prestation.absenceNote ? (
                        <p className="text-xs text-slate-600">{prestation.absenceNote}</p>
                      ) : null}
                    </div>
                    <PrestationStatusBadge status={prestation.status} />
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="flex justify-end">
        <PrintSheetButton serviceId={service.id} />
      </div>
      <AttendanceSheet serviceId={service.id} />
    </PageContainer>
  );
}
