import {
  formatAge,
  formatDuration,
  formatSeats,
  isAtLeastEstManager,
  UNLIMITED_SEATS,
} from '@inscrio/shared';
import { ArrowRight, ClipboardCheck, Phone, Printer, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { hasErrorCode } from '@/lib/api-error';
import { useLocale } from '@/lib/use-locale';
import { useService } from '../api/get-service';
import { useAttendanceSheet } from '../api/get-attendees';
import { useServiceParticipants } from '../api/get-service-participants';
import { useTimeZone } from '@/lib/use-time-zone';
import { fillingText, hoursText, isUnlimited, longDayText } from '../utils/service-texts';
import { ParticipantStatusBadge } from '@/features/registry';
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
 * Who comes to the session: the confirmed participants (never invited, pending or cancelled ones), each
 * with their status, age on the day and a phone number of the family to call.
 */
function ComingParticipantsCard({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const query = useServiceParticipants(serviceId);
  return (
    <Card data-coming-participants="">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('attendees.title')}</CardTitle>
          <div className="flex flex-wrap items-center gap-2">
            {query.isSuccess ? (
              <Badge variant="success" data-coming-count={query.data.coming}>
                {t('attendees.count', { count: query.data.coming })}
              </Badge>
            ) : null}
            <PrintSheetButton serviceId={serviceId} />
          </div>
        </div>
        <CardDescription>{t('attendees.description')}</CardDescription>
      </CardHeader>
      <CardContent className="pt-2">
        {query.isPending ? (
          <div className="space-y-3 py-2" aria-busy="true">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        ) : query.isError ? (
          <ErrorState title={t('attendees.error')} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
            <ClipboardCheck className="size-7 text-slate-400" aria-hidden="true" />
            <p className="text-sm text-slate-600">{t('attendees.none')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {query.data.items.map((participant) => (
              <li
                key={participant.id}
                data-participant={participant.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <span className="truncate">{participant.displayName}</span>
                    <ParticipantStatusBadge status={participant.status} />
                  </p>
                  <p className="text-xs text-slate-600 tabular-nums">
                    {participant.ageMonths === null
                      ? t('attendees.ageUnknown')
                      : formatAge(participant.ageMonths, locale)}
                  </p>
                </div>
                {participant.familyPhone ? (
                  <a
                    href={`tel:${participant.familyPhone.replace(/\s+/g, '')}`}
                    aria-label={t('attendees.call', {
                      name: participant.displayName,
                      phone: participant.familyPhone,
                    })}
                    className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand-700 tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 sm:self-auto"
                  >
                    <Phone className="size-4" aria-hidden="true" />
                    {participant.familyPhone}
                  </a>
                ) : (
                  <span className="text-xs text-slate-500">{t('attendees.noPhone')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * A session seen by its holder (`/holdings/services/{id}`: their own prestation, the way to declare
 * an absence) or by a manager taking attendance (`/attendance/services/{id}`: attendance itself comes
 * with the registrations).
 */
export function ServiceDetailPage({ mode }: { mode: 'holder' | 'attendance' }) {
  const { t } = useTranslation('holdings');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const { id = '' } = useParams();
  const query = useService(id);
  const back =
    mode === 'holder'
      ? { to: paths.holdingServices.to(), label: t('detail.backHolder') }
      : { to: paths.attendanceServices.to(), label: t('detail.backAttendance') };

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
  const manager = isAtLeastEstManager(user);

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
        {mode === 'attendance' && manager ? (
          <Button asChild variant="secondary" className="mt-2">
            <Link to={paths.managedService.to(service.id)}>
              {t('attendance.manage')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </header>

      {service.status === 'postponed' && service.originalStartDateTime ? (
        <Alert tone="warning">
          {t('detail.postponed', { date: formatDateTime(service.originalStartDateTime, timeZone, locale) })}
        </Alert>
      ) : null}
      {cancelled ? <Alert tone="error">{t('detail.cancelled')}</Alert> : null}

      {mode === 'attendance' ? (
        <Alert tone="info" title={t('attendance.soonTitle')}>
          {t('attendance.soonText')}
        </Alert>
      ) : null}

      {mode === 'holder' && own ? (
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

      <ComingParticipantsCard serviceId={service.id} />
    </PageContainer>
  );
}
