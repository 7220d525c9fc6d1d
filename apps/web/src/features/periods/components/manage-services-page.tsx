import { CalendarPlus, CalendarX2, ListPlus, Minus, Plus, Repeat } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useBlueprintOptions } from '../api/options';
import { usePeriod } from '../api/period';
import {
  useAddPeriodServices,
  useFreeServices,
  usePeriodServices,
  useRemovePeriodServices,
} from '../api/period-services';
import type { Period } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { PeriodDates } from './period-dates';
import { localToInstant } from './period-form-model';
import { groupSessions, type SessionGroup } from './session-groups';

/** The day after 'YYYY-MM-DD'. */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A series (or a lone session) as one line, its dates unfolding on demand, with one action. */
function GroupRow({ group, action }: { group: SessionGroup; action: ReactNode }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const count = group.sessions.length;
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start"
      data-session-group=""
      data-series={group.seriesId ?? ''}
    >
      <span
        className="mt-1.5 size-3 shrink-0 rounded-full"
        style={{ backgroundColor: group.colorCode }}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold text-slate-900">
          {group.blueprintName}
          {group.seriesId ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-slate-500">
              <Repeat className="size-3" aria-hidden="true" />
              {t('manage.series')}
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          {count === 1
            ? formatDateTime(group.first, timeZone, locale)
            : t('manage.range', {
                count,
                from: formatDate(group.first, timeZone, locale),
                to: formatDate(group.last, timeZone, locale),
              })}
          {count > 1 ? ` · ${group.slots}` : ''}
        </p>
        {count > 1 ? (
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer text-brand-700 select-none">{t('manage.showDates')}</summary>
            <ul className="mt-1 flex flex-wrap gap-1">
              {group.sessions.map((session) => (
                <li key={session.id} className="rounded bg-slate-100 px-1.5 py-0.5 tabular-nums">
                  {formatDateTime(session.startDateTime, timeZone, locale)}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="shrink-0 sm:self-center">{action}</div>
    </li>
  );
}

function InPeriod({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const query = usePeriodServices(period.id);
  const remove = useRemovePeriodServices();
  const groups = groupSessions(query.data?.items ?? [], timeZone, locale);

  const take = async (group: SessionGroup) => {
    await remove.mutateAsync({
      periodId: period.id,
      input: group.seriesId ? { seriesIds: [group.seriesId] } : { serviceIds: group.serviceIds },
    });
    notify.success(t('manage.removed', { count: group.sessions.length }));
  };

  return (
    <Card data-in-period="">
      <CardHeader>
        <CardTitle>{t('manage.inPeriod', { count: query.data?.total ?? 0 })}</CardTitle>
        <CardDescription>{t('manage.inPeriodHint')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t('manage.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={<CalendarX2 className="size-7" aria-hidden="true" />}
            title={t('manage.emptyPeriod')}
          />
        ) : (
          <ul className="-my-3 divide-y divide-slate-100">
            {groups.map((group) => (
              <GroupRow
                key={group.key}
                group={group}
                action={
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={remove.isPending && remove.variables?.input.seriesIds?.[0] === group.seriesId}
                    onClick={() => void take(group).catch(() => undefined)}
                  >
                    <Minus aria-hidden="true" />
                    {group.seriesId ? t('manage.removeSeries') : t('manage.remove')}
                  </Button>
                }
              />
            ))}
          </ul>
        )}
        {query.data && query.data.total > query.data.items.length ? (
          <p className="mt-3 text-xs text-slate-500">
            {t('manage.truncated', { shown: query.data.items.length })}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ToAdd({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [blueprintId, setBlueprintId] = useState('');
  const [withinDates, setWithinDates] = useState(true);
  const blueprints = useBlueprintOptions(period.establishmentId);
  const query = useFreeServices({
    establishmentId: period.establishmentId,
    blueprintId: blueprintId || undefined,
    from: withinDates ? (localToInstant(period.startDate, '00:00', timeZone) ?? undefined) : undefined,
    to: withinDates ? (localToInstant(nextDay(period.endDate), '00:00', timeZone) ?? undefined) : undefined,
  });
  const add = useAddPeriodServices();
  const groups = groupSessions(query.data?.items ?? [], timeZone, locale);

  const put = async (chosen: SessionGroup[]) => {
    const seriesIds = chosen.flatMap((group) => (group.seriesId ? [group.seriesId] : []));
    const serviceIds = chosen.flatMap((group) => (group.seriesId ? [] : group.serviceIds));
    const result = await add.mutateAsync({
      periodId: period.id,
      input: {
        ...(seriesIds.length > 0 ? { seriesIds } : {}),
        ...(serviceIds.length > 0 ? { serviceIds } : {}),
      },
    });
    notify.success(t('manage.added', { count: result.updated }));
  };

  return (
    <Card data-to-add="">
      <CardHeader>
        <CardTitle>{t('manage.add')}</CardTitle>
        <CardDescription>{t('manage.addHint', { establishment: period.establishmentName })}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <SelectField
            label={t('manage.activityFilter')}
            value={blueprintId}
            onChange={(event) => setBlueprintId(event.target.value)}
          >
            <option value="">{t('manage.allActivities')}</option>
            {(blueprints.data?.items ?? []).map((blueprint) => (
              <option key={blueprint.id} value={blueprint.id}>
                {blueprint.name}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            className="sm:pb-2.5"
            label={t('manage.withinDates')}
            hint={<PeriodDates start={period.startDate} end={period.endDate} />}
            checked={withinDates}
            onChange={(event) => setWithinDates(event.target.checked)}
          />
        </div>
        {query.isPending ? (
          <Spinner label={t('manage.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : groups.length === 0 ? (
          <EmptyState
            icon={<CalendarPlus className="size-7" aria-hidden="true" />}
            title={t('manage.nothingToAdd')}
            text={t('manage.nothingToAddHint')}
            action={
              <Button asChild variant="secondary" size="sm">
                <Link
                  to={paths.createService.to({ periodId: period.id, blueprintId: blueprintId || undefined })}
                >
                  <CalendarPlus aria-hidden="true" />
                  {t('detail.newSessions')}
                </Link>
              </Button>
            }
          />
        ) : (
          <>
            <ul className="divide-y divide-slate-100 border-y border-slate-100" aria-busy={query.isFetching}>
              {groups.map((group) => (
                <GroupRow
                  key={group.key}
                  group={group}
                  action={
                    <Button
                      variant="subtle"
                      size="sm"
                      disabled={add.isPending}
                      onClick={() => void put([group]).catch(() => undefined)}
                    >
                      <Plus aria-hidden="true" />
                      {group.seriesId ? t('manage.addSeries') : t('manage.addOne')}
                    </Button>
                  }
                />
              ))}
            </ul>
            {groups.length > 1 ? (
              <div className="flex justify-end">
                <Button loading={add.isPending} onClick={() => void put(groups).catch(() => undefined)}>
                  <ListPlus aria-hidden="true" />
                  {t('manage.addAll', { count: groups.length })}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** `/periods/{id}/manage-services` (simple layout): the period's sessions; add or remove whole series. */
export function ManageServicesPage() {
  const { t } = useTranslation('periods');
  const { id = '' } = useParams();
  const query = usePeriod(id);
  const period = query.data;
  if (query.isPending) return <PageLoader />;
  if (query.isError || !period) {
    return (
      <PageContainer className="max-w-4xl">
        <BackLink to={paths.periods.to()}>{t('list.title')}</BackLink>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </PageContainer>
    );
  }
  return (
    <PageContainer className="max-w-4xl">
      <BackLink to={paths.period.to(period.id)}>{period.name}</BackLink>
      <PageHeader
        title={t('manage.title')}
        description={
          <span>
            {period.name} · <PeriodDates start={period.startDate} end={period.endDate} />
          </span>
        }
      />
      <Alert tone="info">{t('manage.sameEstablishment', { establishment: period.establishmentName })}</Alert>
      <ToAdd period={period} />
      <InPeriod period={period} />
    </PageContainer>
  );
}
