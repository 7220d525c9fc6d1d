import { periodListQuerySchema } from '@inscrio/shared';
import { CalendarRange, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { type Column, DataTable, openColumn } from '@/components/lists/data-table';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { type UrlFiltersOptions, useUrlFilters } from '@/components/lists/use-url-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';
import { paths } from '@/lib/paths';
import { usePeriods } from '../api/get-periods';
import type { Period } from '../api/types';
import { useEstablishmentOptions } from '../api/options';
import { PeriodDates, RegistrationOpening } from './period-dates';

const PAGE_SIZE = 20;

/** What the address may hold (`?establishment=&page=`), read by the API's own schema. */
const urlSchema = periodListQuerySchema('fr').pick({ establishmentId: true, page: true });
const urlOptions: UrlFiltersOptions<typeof urlSchema.shape> = {
  fields: { establishmentId: { param: 'establishment' } },
};

/** The table's columns: name (opening the period), dates, establishment, counts and opening. */
function useColumns(): Column<Period>[] {
  const { t } = useTranslation('periods');
  return [
    {
      id: 'name',
      header: t('list.columns.name'),
      cell: (period) => (
        <Link
          to={paths.period.to(period.id)}
          className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
        >
          {period.name}
        </Link>
      ),
    },
    {
      id: 'dates',
      header: t('list.columns.dates'),
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (period) => <PeriodDates start={period.startDate} end={period.endDate} />,
    },
    {
      id: 'establishment',
      header: t('list.columns.establishment'),
      cellClassName: 'text-slate-700',
      cell: (period) => period.establishmentName,
    },
    {
      id: 'sessions',
      header: t('list.columns.sessions'),
      className: 'text-right',
      cellClassName: 'text-slate-900 tabular-nums',
      cell: (period) => period.servicesCount,
    },
    {
      id: 'registrations',
      header: t('list.columns.registrations'),
      className: 'text-right',
      cellClassName: 'text-slate-900 tabular-nums',
      cell: (period) => period.registrationsCount,
    },
    {
      id: 'opening',
      header: t('list.columns.opening'),
      cellClassName: 'whitespace-nowrap text-slate-700',
      cell: (period) => <RegistrationOpening instant={period.registrationOpensAt} />,
    },
    openColumn(t('list.open')),
  ];
}

function PeriodCard({ period }: { period: Period }) {
  const { t } = useTranslation('periods');
  return (
    <Link to={paths.period.to(period.id)} className="flex gap-3 px-4 py-4 hover:bg-slate-50">
      <span className="min-w-0 flex-1 space-y-1">
        <span className="block font-semibold text-slate-900">{period.name}</span>
        <span className="block text-sm text-slate-700">
          <PeriodDates start={period.startDate} end={period.endDate} />
        </span>
        <span className="block text-xs text-slate-500">
          {period.establishmentName} · {t('sessionsCount', { count: period.servicesCount })} ·{' '}
          {t('registrationsCount', { count: period.registrationsCount })}
        </span>
      </span>
      <ChevronRight className="mt-1 size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </Link>
  );
}

/** `/managing/periods`: the periods with their dates, establishment and counts. */
export function PeriodsPage() {
  const { t } = useTranslation('periods');
  const { values, set } = useUrlFilters(urlSchema, urlOptions);
  const { page } = values;
  const establishmentId = values.establishmentId ?? '';
  const establishments = useEstablishmentOptions();
  const query = usePeriods({ establishmentId: establishmentId || undefined, page, pageSize: PAGE_SIZE });
  const columns = useColumns();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const createButton = (
    <Button asChild>
      <Link to={paths.createPeriod.to()}>
        <Plus aria-hidden="true" />
        {t('list.create')}
      </Link>
    </Button>
  );

  return (
    <PageContainer>
      <PageHeader title={t('list.title')} description={t('list.description')} actions={createButton} />
      <Card className="overflow-hidden">
        {(establishments.data?.items.length ?? 0) > 1 ? (
          <ListToolbar>
            <div className="sm:max-w-xs">
              <Select
                aria-label={t('list.establishmentFilter')}
                value={establishmentId}
                onChange={(event) => set({ establishmentId: event.target.value })}
              >
                <option value="">{t('list.allEstablishments')}</option>
                {establishments.data?.items.map((establishment) => (
                  <option key={establishment.id} value={establishment.id}>
                    {establishment.name}
                  </option>
                ))}
              </Select>
            </div>
          </ListToolbar>
        ) : null}
        <DataTable
          items={items}
          getKey={(period) => period.id}
          columns={columns}
          card={(period) => <PeriodCard period={period} />}
          rowLinks
          query={query}
          loadingLabel={t('list.loading')}
          empty={
            <EmptyState
              icon={<CalendarRange className="size-8" aria-hidden="true" />}
              title={t('list.empty')}
              text={t('list.emptyHint')}
              action={createButton}
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
          tableProps={{ 'data-period-table': '' }}
          rowProps={() => ({ 'data-period-row': '' })}
          cardsProps={{ 'data-period-cards': '' }}
        />
      </Card>
    </PageContainer>
  );
}
