import { formatSeats, SESSION_STATUSES, type UpdatePeriodInput } from '@inscrio/shared';
import { CalendarPlus, CalendarX2, CopyPlus, ListChecks, MailPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DeleteDialog } from '@/components/feedback/delete-dialog';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, formatPattern } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useEstablishmentOptions } from '../api/options';
import { useDeletePeriod, usePeriod, useUpdatePeriod } from '../api/period';
import { usePeriodServicesPage } from '../api/period-services';
import type { Period } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { PeriodDates, RegistrationOpening } from './period-dates';
import { PeriodForm } from './period-form';
import { periodFormValues } from './period-form-model';
import { WriteToParticipantsLink } from '@/features/communications';

const PAGE_SIZE = 20;

function DeletePeriod({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  const remove = useDeletePeriod();
  const name = period.name;
  return (
    <DeleteDialog
      texts={{
        action: t('delete.action'),
        title: t('delete.title', { name }),
        text: t('delete.text'),
        cancel: t('delete.cancel'),
        confirm: t('delete.confirm'),
        success: t('delete.success', { name }),
      }}
      remove={() => remove.mutateAsync(period.id)}
      isPending={remove.isPending}
      then={paths.periods.to()}
    />
  );
}

/** The period's sessions, a page at a time, each a link to its page. */
function PeriodSessions({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const query = usePeriodServicesPage(period.id, page, PAGE_SIZE);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Card data-period-sessions="">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('detail.sessions', { count: total })}</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.periodManageServices.to(period.id)}>
              <ListChecks aria-hidden="true" />
              {t('detail.manageServices')}
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.createService.to({ periodId: period.id })}>
              <CalendarPlus aria-hidden="true" />
              {t('detail.newSessions')}
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t('detail.sessionsLoading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 className="size-7" aria-hidden="true" />}
            title={t('detail.noSessions')}
            text={t('detail.noSessionsHint')}
          />
        ) : (
          <ul className="-my-1 divide-y divide-slate-100" aria-busy={query.isFetching}>
            {items.map((session) => (
              <li key={session.id}>
                <Link
                  to={paths.managedService.to(session.id)}
                  className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50"
                  data-period-session=""
                >
                  <span
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: session.colorCode }}
                    aria-hidden="true"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {session.blueprintName}
                    </span>
                    <span className="block truncate text-xs text-slate-500">
                      {session.holders.map((holder) => holder.displayName).join(', ') ||
                        (session.seats.maxSeats === -1
                          ? formatSeats(-1, locale)
                          : t('detail.seats', {
                              reserved: session.seats.reservedSeats,
                              max: session.seats.maxSeats,
                            }))}
                    </span>
                  </span>
                  {session.status !== 'confirmed' ? (
                    <Badge variant={session.status === 'cancelled' ? 'destructive' : 'warning'}>
                      {SESSION_STATUSES.label(session.status, locale)}
                    </Badge>
                  ) : null}
                  <span className="text-right text-sm whitespace-nowrap text-slate-700 tabular-nums">
                    <span className="capitalize">
                      {formatPattern(new Date(session.startDateTime), 'EEE', timeZone, locale)}
                    </span>{' '}
                    {formatDateTime(session.startDateTime, timeZone, locale)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {total > PAGE_SIZE ? (
          <Pagination
            className="mt-4 border-t border-slate-100 pt-3"
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            summary={t('list.pageOf', { page, pages: pageCount })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `/managing/periods/{id}`: a period, its settings and sessions, and the ways to fill or extend it. */
export function PeriodPage() {
  const { t } = useTranslation('periods');
  const { id = '' } = useParams();
  const timeZone = useTimeZone();
  const query = usePeriod(id);
  const establishments = useEstablishmentOptions();
  const update = useUpdatePeriod();
  const period = query.data;

  if (query.isPending) return <PageLoader />;
  if (query.isError || !period) {
    return (
      <PageContainer>
        <BackLink to={paths.periods.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  const options = establishments.data?.items ?? [
    { id: period.establishmentId, name: period.establishmentName },
  ];

  return (
    <PageContainer>
      <BackLink to={paths.periods.to()}>{t('list.title')}</BackLink>
      <PageHeader
        title={period.name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <PeriodDates start={period.startDate} end={period.endDate} />
            <span aria-hidden="true">·</span>
            <span>{period.establishmentName}</span>
          </span>
        }
        actions={
          <>
            <WriteToParticipantsLink target="period" targetId={period.id} />
            <Button asChild>
              <Link to={paths.periodPlanNext.to(period.id)}>
                <CopyPlus aria-hidden="true" />
                {t('detail.planNext')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.periodInviteAttendees.to(period.id)} data-invite-attendees="">
                <MailPlus aria-hidden="true" />
                {t('detail.inviteAttendees')}
              </Link>
            </Button>
            {period.servicesCount === 0 ? <DeletePeriod period={period} /> : null}
          </>
        }
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [t('detail.sessionsLabel'), String(period.servicesCount)],
          [t('detail.registrations'), String(period.registrationsCount)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-2xl border border-slate-200 bg-white px-4 py-3">
            <dt className="text-xs text-slate-500">{term}</dt>
            <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="col-span-2 rounded-2xl border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs text-slate-500">{t('detail.opening')}</dt>
          <dd className="text-base font-semibold text-slate-900">
            <RegistrationOpening instant={period.registrationOpensAt} />
          </dd>
        </div>
      </dl>
      {period.previousPeriodId ? (
        <p className="text-sm text-slate-600">
          {t('detail.plannedFrom')}{' '}
          <Link
            className="font-medium text-brand-700 hover:underline"
            to={paths.period.to(period.previousPeriodId)}
          >
            {t('detail.previousPeriod')}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-5 lg:items-start">
        <div className="lg:col-span-3">
          <PeriodSessions period={period} />
        </div>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t('detail.settings')}</CardTitle>
          </CardHeader>
          <CardContent>
            <PeriodForm
              key={JSON.stringify(period)}
              mode="update"
              defaultValues={periodFormValues(period, timeZone)}
              establishments={options}
              submitLabel={t('detail.save')}
              onSubmit={async (input) => {
                await update.mutateAsync({ id: period.id, input: input as UpdatePeriodInput });
                notify.success(t('detail.saved'));
              }}
            />
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
