import { attendanceServiceListQuerySchema, type AttendanceWhen, isAtLeastEstManager } from '@inscrio/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarX2, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { type Column, DataTable, openColumn } from '@/components/lists/data-table';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useAttendanceServices } from '../api/get-attendance-services';
import type { AttendanceServiceRow } from '../api/types';
import { dayText, hoursText } from '../utils/texts';

const PAGE_SIZE = 20;

/** What the address may hold, read by the API's own schema. */
const urlSchema = attendanceServiceListQuerySchema('fr').pick({
  when: true,
  from: true,
  to: true,
  establishmentId: true,
  blueprintId: true,
  page: true,
});
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {
  fields: {
    establishmentId: { param: 'establishment' },
    blueprintId: { param: 'activity' },
    when: { write: (value) => (value === 'past' ? 'past' : undefined) },
  },
  filters: ['from', 'to', 'establishmentId', 'blueprintId'],
  forgets: { establishmentId: ['blueprintId'] },
};

interface Option {
  id: string;
  name: string;
}

/** The establishments and activities a manager filters on (holders filter by date only). */
function useOptions(enabled: boolean, establishmentId: string | undefined) {
  const establishments = useQuery({
    queryKey: ['establishments', 'list', { pageSize: 100 }],
    queryFn: ({ signal }) =>
      api.get<{ items: Option[] }>('/establishments', { query: { pageSize: 100 }, signal }),
    enabled,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const blueprintQuery = { establishmentId, pageSize: 100 };
  const blueprints = useQuery({
    queryKey: ['blueprints', 'list', blueprintQuery],
    queryFn: ({ signal }) => api.get<{ items: Option[] }>('/blueprints', { query: blueprintQuery, signal }),
    enabled,
    meta: { silent: true },
  });
  return { establishments: establishments.data?.items ?? [], blueprints: blueprints.data?.items ?? [] };
}

function MarkedText({ row }: { row: AttendanceServiceRow }) {
  const { t } = useTranslation('attendance');
  const done = row.confirmed > 0 && row.marked === row.confirmed;
  if (row.confirmed === 0) return <span className="text-slate-500">{t('list.nobody')}</span>;
  return (
    <span className={cn('tabular-nums', done ? 'font-semibold text-emerald-800' : 'text-slate-700')}>
      {t('list.marked', { marked: row.marked, count: row.confirmed })}
    </span>
  );
}

function useColumns(): Column<AttendanceServiceRow>[] {
  const { t } = useTranslation('attendance');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return [
    {
      id: 'activity',
      header: t('list.columns.activity'),
      cell: (row) => (
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: row.colorCode }}
          />
          <Link
            to={paths.attendanceService.to(row.id)}
            className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
          >
            {row.blueprintName}
          </Link>
          {row.status === 'confirmed' ? null : <SessionStatusBadge status={row.status} />}
        </span>
      ),
    },
    {
      id: 'when',
      header: t('list.columns.when'),
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (row) => (
        <>
          {dayText(row.startDateTime, timeZone, locale, true)}
          <span className="block text-xs text-slate-500">
            {hoursText(row.startDateTime, row.duration, timeZone, locale)}
          </span>
        </>
      ),
    },
    {
      id: 'establishment',
      header: t('list.columns.establishment'),
      cellClassName: 'text-slate-700',
      cell: (row) => row.establishmentName,
    },
    {
      id: 'seats',
      header: t('list.columns.seats'),
      className: 'text-right',
      cellClassName: 'text-right text-slate-700 tabular-nums',
      cell: (row) =>
        row.seats.maxSeats === -1
          ? row.seats.reservedSeats
          : `${row.seats.reservedSeats} / ${row.seats.maxSeats}`,
    },
    {
      id: 'marked',
      header: t('list.columns.marked'),
      cell: (row) => <MarkedText row={row} />,
    },
    {
      id: 'holders',
      header: t('list.columns.holders'),
      cellClassName: 'text-slate-700',
      cell: (row) =>
        row.holders.length > 0 ? row.holders.map((h) => h.displayName).join(', ') : t('list.noHolder'),
    },
    openColumn(t('list.open')),
  ];
}

function ServiceCard({ row }: { row: AttendanceServiceRow }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Link to={paths.attendanceService.to(row.id)} className="flex min-h-16 gap-3 px-4 py-4 hover:bg-slate-50">
      <span
        aria-hidden="true"
        className="mt-1.5 size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: row.colorCode }}
      />
      <span className="min-w-0 flex-1 space-y-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{row.blueprintName}</span>
          {row.status === 'confirmed' ? null : <SessionStatusBadge status={row.status} />}
        </span>
        <span className="block text-sm text-slate-700 tabular-nums">
          {dayText(row.startDateTime, timeZone, locale, true)} ·{' '}
          {hoursText(row.startDateTime, row.duration, timeZone, locale)}
        </span>
        <span className="block text-xs text-slate-600">
          {row.establishmentName ? `${row.establishmentName} · ` : ''}
          <MarkedText row={row} />
        </span>
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}

/** `/attendance/services` (« Séances et présences »): the sessions to take attendance on. */
export function AttendanceServicesPage() {
  const { t } = useTranslation('attendance');
  const { user } = useAuth();
  const manager = isAtLeastEstManager(user);
  const { values, set, filtered, clear } = useUrlFilters(urlSchema, urlOptions);
  const { when, page } = values;
  const options = useOptions(manager, values.establishmentId);
  const query = useAttendanceServices({
    when,
    from: values.from,
    to: values.to,
    establishmentId: values.establishmentId,
    blueprintId: values.blueprintId,
    page,
    pageSize: PAGE_SIZE,
  });
  const columns = useColumns();
  const total = query.data?.total ?? 0;

  return (
    <PageContainer>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <Card className="overflow-hidden">
        <div
          className="flex gap-2 border-b border-slate-100 p-4 sm:p-5"
          role="group"
          aria-label={t('list.when')}
        >
          {(['upcoming', 'past'] as const satisfies readonly AttendanceWhen[]).map((value) => (
            <Button
              key={value}
              variant={when === value ? 'primary' : 'secondary'}
              size="lg"
              className="h-auto min-h-11 min-w-0 flex-1 py-2 leading-tight whitespace-normal sm:flex-none"
              aria-pressed={when === value}
              onClick={() => set({ when: value })}
            >
              {t(`list.${value}`)}
            </Button>
          ))}
        </div>
        <ListToolbar
          className="sm:grid-cols-2 lg:grid-cols-4"
          fold={{
            active: [values.from, values.to, values.establishmentId, values.blueprintId].filter(Boolean)
              .length,
            label: t('list.filters'),
            activeLabel: t('list.filtersActive'),
          }}
        >
          <TextField
            type="date"
            label={t('list.from')}
            value={values.from ?? ''}
            onChange={(event) => set({ from: event.target.value })}
          />
          <TextField
            type="date"
            label={t('list.to')}
            value={values.to ?? ''}
            onChange={(event) => set({ to: event.target.value })}
          />
          {manager && options.establishments.length > 1 ? (
            <SelectField
              label={t('list.establishment')}
              value={values.establishmentId ?? ''}
              onChange={(event) => set({ establishmentId: event.target.value })}
            >
              <option value="">{t('list.allEstablishments')}</option>
              {options.establishments.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          {manager ? (
            <SelectField
              label={t('list.activity')}
              value={values.blueprintId ?? ''}
              onChange={(event) => set({ blueprintId: event.target.value })}
            >
              <option value="">{t('list.allActivities')}</option>
              {options.blueprints.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </ListToolbar>
        <DataTable
          items={query.data?.items ?? []}
          getKey={(row) => row.id}
          columns={columns}
          card={(row) => <ServiceCard row={row} />}
          rowLinks
          query={query}
          loadingLabel={t('list.loading')}
          errorTitle={t('list.error')}
          empty={
            <EmptyState
              icon={<CalendarX2 className="size-8" aria-hidden="true" />}
              title={t(when === 'past' ? 'list.emptyPast' : 'list.emptyUpcoming')}
              text={filtered ? t('list.emptyFiltered') : undefined}
              action={
                filtered ? (
                  <Button variant="secondary" onClick={clear}>
                    {t('list.clear')}
                  </Button>
                ) : undefined
              }
            />
          }
          paging={{
            page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (next) => set({ page: next }),
            summary: (pages) => t('list.summary', { count: total, page, pages }),
            label: t('list.pagination'),
          }}
          tableProps={{ 'data-attendance-table': '' }}
          rowProps={() => ({ 'data-attendance-service': '' })}
          cardsProps={{ 'data-attendance-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}
