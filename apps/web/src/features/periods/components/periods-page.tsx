import { CalendarRange, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { paths } from '@/lib/paths';
import { usePeriods } from '../api/get-periods';
import { useEstablishmentOptions } from '../api/options';
import { PeriodDates, RegistrationOpening } from './period-dates';

const PAGE_SIZE = 20;

/** `/managing/periods`: the periods with their dates, establishment and counts. */
export function PeriodsPage() {
  const { t } = useTranslation('periods');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const establishmentId = params.get('establishment') ?? '';
  const establishments = useEstablishmentOptions();
  const query = usePeriods({ establishmentId: establishmentId || undefined, page, pageSize: PAGE_SIZE });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

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
          <div className="border-b border-slate-100 p-4 sm:p-5">
            <div className="sm:max-w-xs">
              <Select
                aria-label={t('list.establishmentFilter')}
                value={establishmentId}
                onChange={(event) => setParam('establishment', event.target.value)}
              >
                <option value="">{t('list.allEstablishments')}</option>
                {establishments.data?.items.map((establishment) => (
                  <option key={establishment.id} value={establishment.id}>
                    {establishment.name}
                  </option>
                ))}
              </Select>
            </div>
          </div>
        ) : null}
        <QueryStates
          query={query}
          loadingLabel={t('list.loading')}
          isEmpty={items.length === 0}
          inCard
          empty={
            <EmptyState
              icon={<CalendarRange className="size-8" aria-hidden="true" />}
              title={t('list.empty')}
              text={t('list.emptyHint')}
              action={createButton}
            />
          }
        >
          <>
            <table className="hidden w-full text-left text-sm md:table" data-period-table="">
              <thead className="border-b border-slate-100 bg-slate-50/70 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-5 py-3">
                    {t('list.columns.name')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.dates')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.establishment')}
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    {t('list.columns.sessions')}
                  </th>
                  <th scope="col" className="px-3 py-3 text-right">
                    {t('list.columns.registrations')}
                  </th>
                  <th scope="col" className="px-3 py-3">
                    {t('list.columns.opening')}
                  </th>
                  <th scope="col" className="w-10 px-3 py-3">
                    <span className="sr-only">{t('list.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((period) => (
                  <tr key={period.id} className="group relative hover:bg-slate-50" data-period-row="">
                    <td className="px-5 py-3">
                      <Link
                        to={paths.period.to(period.id)}
                        className="font-semibold text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
                      >
                        {period.name}
                      </Link>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                      <PeriodDates start={period.startDate} end={period.endDate} />
                    </td>
                    <td className="px-3 py-3 text-slate-700">{period.establishmentName}</td>
                    <td className="px-3 py-3 text-right text-slate-900 tabular-nums">
                      {period.servicesCount}
                    </td>
                    <td className="px-3 py-3 text-right text-slate-900 tabular-nums">
                      {period.registrationsCount}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                      <RegistrationOpening instant={period.registrationOpensAt} />
                    </td>
                    <td className="px-3 py-3 text-slate-400 group-hover:text-brand-700">
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden" data-period-cards="">
              {items.map((period) => (
                <li key={period.id}>
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
                </li>
              ))}
            </ul>
          </>
        </QueryStates>
        {items.length > 0 ? (
          <Pagination
            className="border-t border-slate-100 px-4 py-3 sm:px-5"
            page={page}
            pageCount={pageCount}
            onPageChange={(next) => setParam('page', String(next))}
            summary={t('list.summary', { count: total, page, pages: pageCount })}
            label={t('list.pagination')}
          />
        ) : null}
      </Card>
    </PageContainer>
  );
}
