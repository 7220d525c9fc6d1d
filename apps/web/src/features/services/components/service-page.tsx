import {
  formatDuration,
  PARTICIPANT_STATUSES,
  participantBadgeVariant,
  SESSION_STATUSES,
} from '@inscrio/shared';
import { ArrowRight, Ban, CalendarClock, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { usePeriodName } from '../api/options';
import { useService } from '../api/get-service';
import type { ServiceDetail } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { HoldersCard } from './holders-card';
import { SeatsCard } from './seats-card';
import { CancelServiceDialog, EditServiceDialog, PostponeServiceDialog } from './service-dialogs';
import { SESSION_BADGES } from './session-status';
import { SessionWhen } from './session-when';
import { WriteToParticipantsLink } from '@/features/communications';

function AttendeesCard({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  return (
    <Card data-attendees="">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          {t('attendees.title')}
          {service.attendees.length > 0 ? (
            <Badge variant="secondary" data-attendees-count="">
              {service.attendees.length}
            </Badge>
          ) : null}
        </CardTitle>
        <Button asChild variant="link" size="sm">
          <Link to={paths.registry.to({ serviceId: service.id })} data-attendees-registry="">
            {t('attendees.registry')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {service.attendees.length === 0 ? (
          <EmptyState
            icon={<Users className="size-7" aria-hidden="true" />}
            title={t('attendees.empty')}
            text={t('attendees.emptyHint')}
          />
        ) : (
          <ul className="-my-1 divide-y divide-slate-100">
            {service.attendees.map((attendee) => (
              <li key={attendee.id} className="flex items-center justify-between gap-3 py-2" data-attendee="">
                <span className="min-w-0 text-sm font-medium break-words text-slate-900">
                  {attendee.displayName}
                </span>
                {PARTICIPANT_STATUSES.is(attendee.status) ? (
                  <Badge
                    variant={participantBadgeVariant(attendee.status)}
                    data-participant-status={attendee.status}
                  >
                    {PARTICIPANT_STATUSES.label(attendee.status, locale)}
                  </Badge>
                ) : (
                  <Badge variant="outline">{attendee.status}</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DetailsCard({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const period = usePeriodName(service.periodId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('service.details')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100 text-sm">
          <div className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{t('service.activity')}</dt>
            <dd className="text-right">
              <Link
                className="font-medium text-brand-700 hover:underline"
                to={paths.blueprint.to(service.blueprintId)}
              >
                {service.blueprintName}
              </Link>
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{t('service.duration')}</dt>
            <dd className="text-right text-slate-900">{formatDuration(service.duration)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{t('service.period')}</dt>
            <dd className="text-right">
              {service.periodId ? (
                <Link
                  className="font-medium text-brand-700 hover:underline"
                  to={paths.period.to(service.periodId)}
                >
                  {period.data ?? t('service.openPeriod')}
                </Link>
              ) : (
                <span className="text-slate-500">{t('service.noPeriod')}</span>
              )}
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{t('service.series')}</dt>
            <dd className="text-right text-slate-900">
              {service.seriesId ? t('service.inSeries') : t('service.single')}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** `/managing/services/{id}`: a session with its seats, attendees and holders; edit, postpone, cancel. */
export function ServicePage() {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const query = useService(id);
  const [dialog, setDialog] = useState<'edit' | 'postpone' | 'cancel' | null>(null);
  const service = query.data;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !service) {
    return (
      <PageContainer>
        <BackLink to={paths.blueprints.to()}>{t('service.backToActivities')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  const cancelled = service.status === 'cancelled';
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };

  return (
    <PageContainer>
      <BackLink to={paths.blueprint.to(service.blueprintId)}>{service.blueprintName}</BackLink>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <span
              className="size-4 shrink-0 rounded-full"
              style={{ backgroundColor: service.colorCode }}
              aria-hidden="true"
            />
            <span className="min-w-0 break-words">{service.blueprintName}</span>
          </span>
        }
        description={
          <span className="flex flex-col gap-1.5">
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant={SESSION_BADGES[service.status]} data-session-status={service.status}>
                {SESSION_STATUSES.label(service.status, locale)}
              </Badge>
              <span
                className={cancelled ? 'text-slate-500 line-through' : 'text-slate-800'}
                data-session-when=""
              >
                <SessionWhen start={service.startDateTime} duration={service.duration} />
              </span>
            </span>
            {service.status === 'postponed' && service.originalStartDateTime ? (
              <span className="text-sm text-slate-500" data-original-date="">
                {t('service.originally')}{' '}
                <s>{formatDateTime(service.originalStartDateTime, timeZone, locale)}</s>
              </span>
            ) : null}
          </span>
        }
        actions={
          cancelled ? null : (
            <>
              <WriteToParticipantsLink target="session" targetId={service.id} />
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                <Pencil aria-hidden="true" />
                {t('service.edit.action')}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('postpone')}>
                <CalendarClock aria-hidden="true" />
                {t('service.postpone.action')}
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50"
                onClick={() => setDialog('cancel')}
              >
                <Ban aria-hidden="true" />
                {t('service.cancel.action')}
              </Button>
            </>
          )
        }
      />
      {cancelled ? <Alert tone="warning">{t('service.cancelledNotice')}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="space-y-6 lg:col-span-2">
          <AttendeesCard service={service} />
          <HoldersCard service={service} editable={!cancelled} />
        </div>
        {/* On phones the seats and facts come first; on wide screens they sit on the right. */}
        <div className="order-first space-y-6 lg:order-last">
          <SeatsCard seats={service.seats} />
          <DetailsCard service={service} />
        </div>
      </div>
      <EditServiceDialog service={service} open={dialog === 'edit'} onOpenChange={close} />
      <PostponeServiceDialog service={service} open={dialog === 'postpone'} onOpenChange={close} />
      <CancelServiceDialog service={service} open={dialog === 'cancel'} onOpenChange={close} />
    </PageContainer>
  );
}
