import { formatDuration, isAtLeastEstManager } from '@inscrio/shared';
import { ArrowRight, MapPin, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer } from '@/components/layouts/page-header';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { hasErrorCode } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useAttendanceSheet } from '../api/get-attendance-sheet';
import { dayText, hoursText } from '../utils/texts';
import { AttendanceSheet } from './attendance-sheet';

/** `/attendance/services/{id}`: a session's attendance sheet, for its holders and its managers. */
export function AttendanceServicePage() {
  const { t } = useTranslation('attendance');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { user } = useAuth();
  const { id = '' } = useParams();
  const query = useAttendanceSheet(id);
  const back = <BackLink to={paths.attendanceServices.to()}>{t('detail.back')}</BackLink>;

  if (query.isPending || query.isError) {
    return (
      <PageContainer className="max-w-3xl">
        {back}
        {query.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-64 w-full rounded-2xl" />
          </div>
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

  const { service } = query.data;
  const cancelled = service.status === 'cancelled';
  return (
    <PageContainer className="max-w-3xl">
      {back}
      <header className="space-y-2">
        <p className="text-sm font-medium text-brand-700">
          {dayText(service.startDateTime, timeZone, locale)}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1
            className={cn(
              'flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-[28px]',
              cancelled && 'text-slate-500 line-through',
            )}
          >
            <span
              aria-hidden="true"
              className="size-3 shrink-0 rounded-full"
              style={{ backgroundColor: service.colorCode }}
            />
            {service.blueprintName}
          </h1>
          <SessionStatusBadge status={service.status} />
        </div>
        <p className="text-[15px] text-slate-600 tabular-nums">
          {hoursText(service.startDateTime, service.duration, timeZone, locale)}
          <span className="text-slate-500"> · </span>
          {formatDuration(service.duration)}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          {service.establishmentName ? (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-4 text-slate-500" aria-hidden="true" />
              {service.establishmentName}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <Users className="size-4 text-slate-500" aria-hidden="true" />
            {service.holders.length > 0
              ? service.holders.map((holder) => holder.displayName).join(', ')
              : t('list.noHolder')}
          </span>
        </div>
        {isAtLeastEstManager(user) ? (
          <Button asChild variant="secondary" className="mt-2">
            <Link to={paths.managedService.to(service.id)}>
              {t('detail.manage')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </header>
      <AttendanceSheet serviceId={service.id} />
    </PageContainer>
  );
}
