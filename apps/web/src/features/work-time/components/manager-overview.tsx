import { WORK_MONTH_STATUSES, type WorkMonthOverviewItem, type WorkMonthStatus } from '@inscrio/shared';
import { ChevronRight, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { EnumFilter, ListHeader } from '@/components/lists/list-filters';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { paths } from '@/lib/paths';
import { monthExport, useWorkMonthOverview } from '../api/work-time';
import { MonthNav } from './month-nav';
import { MonthStatusBadge, signedDuration, useWorkTexts } from './texts';

const PAGE_SIZE = 20;

export interface OverviewState {
  month: string;
  q?: string;
  status?: WorkMonthStatus;
  page: number;
}

const detailLink = (month: string, holder: WorkMonthOverviewItem) =>
  paths.workTime.to({ month, holderId: holder.holderId });

function HolderName({ holder }: { holder: WorkMonthOverviewItem }) {
  const { t } = useTranslation('work-time');
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-semibold text-slate-900">{holder.displayName}</span>
      {holder.volunteer ? <Badge variant="info">{t('manager.volunteer')}</Badge> : null}
    </span>
  );
}

function useColumns(month: string): Column<WorkMonthOverviewItem>[] {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  return [
    { id: 'holder', header: t('manager.columns.holder'), cell: (h) => <HolderName holder={h} /> },
    {
      id: 'total',
      header: t('manager.columns.total'),
      cellClassName: 'font-semibold tabular-nums',
      cell: (h) => texts.duration(h.totals.totalMinutes),
    },
    {
      id: 'sessions',
      header: t('manager.columns.sessions'),
      cellClassName: 'tabular-nums text-slate-700',
      cell: (h) => `${h.totals.sessions} · ${texts.duration(h.totals.sessionMinutes)}`,
    },
    {
      id: 'corrections',
      header: t('manager.columns.corrections'),
      cellClassName: 'tabular-nums text-slate-700',
      cell: (h) => signedDuration(h.totals.correctionMinutes),
    },
    {
      id: 'allowance',
      header: t('manager.columns.allowance'),
      cellClassName: 'tabular-nums text-slate-700',
      cell: (h) =>
        h.allowance ? (
          <span className={h.warnings.length > 0 ? 'font-semibold text-amber-800' : undefined}>
            {texts.money(h.allowance.dueCents)}
            {h.warnings.length > 0 ? ' ⚠' : ''}
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'status',
      header: t('manager.columns.status'),
      cell: (h) => <MonthStatusBadge status={h.status} />,
    },
    {
      id: 'actions',
      header: t('manager.columns.actions'),
      hiddenHeader: true,
      className: 'text-right',
      cell: (h) => (
        <Link
          to={detailLink(month, h)}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          aria-label={t('manager.openOf', { name: h.displayName })}
          data-open-holder={h.holderId}
        >
          {t('manager.open')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ),
    },
  ];
}

/** Every holder's month for managers: totals, corrections, status, allowance; exports for payroll. */
export function ManagerOverview({
  state,
  set,
  filtered,
  clear,
}: {
  state: OverviewState;
  set: (changes: Partial<OverviewState>) => void;
  filtered: boolean;
  clear: () => void;
}) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  const query = useWorkMonthOverview(state.month, {
    q: state.q,
    status: state.status,
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const columns = useColumns(state.month);
  const total = query.data?.total ?? 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MonthNav month={state.month} onChange={(month) => set({ month })} />
        <div className="flex flex-wrap gap-2">
          <DownloadButton download={monthExport(state.month, 'csv')} label={t('manager.exportCsv')} />
          <DownloadButton download={monthExport(state.month, 'pdf')} label={t('manager.exportPdf')} />
        </div>
      </div>
      <Card className="overflow-hidden">
        <ListHeader title={`${t('manager.listTitle')} · ${texts.month(state.month)}`} />
        <ListToolbar
          className="sm:grid-cols-2"
          data-work-time-filters=""
          search={
            <ListSearch value={state.q ?? ''} onSearch={(q) => set({ q })} label={t('manager.search')} />
          }
        >
          <EnumFilter
            enumeration={WORK_MONTH_STATUSES}
            value={state.status}
            onChange={(status) => set({ status })}
            label={t('manager.statusFilter')}
            allLabel={t('manager.allStatuses')}
            data-filter="status"
          />
        </ListToolbar>
        <DataTable
          items={query.data?.items ?? []}
          getKey={(holder) => holder.holderId}
          columns={columns}
          card={(holder) => (
            <Link
              to={detailLink(state.month, holder)}
              className="block space-y-1.5"
              data-open-holder={holder.holderId}
            >
              <span className="flex items-start justify-between gap-3">
                <HolderName holder={holder} />
                <MonthStatusBadge status={holder.status} />
              </span>
              <span className="block text-sm text-slate-700 tabular-nums">
                {texts.duration(holder.totals.totalMinutes)} ·{' '}
                {t('totals.sessionsCount', { count: holder.totals.sessions })}
                {holder.totals.correctionMinutes !== 0
                  ? ` · ${signedDuration(holder.totals.correctionMinutes)}`
                  : ''}
              </span>
              {holder.allowance ? (
                <span className="block text-sm text-slate-600 tabular-nums">
                  {t('allowance.due')} : {texts.money(holder.allowance.dueCents)}
                  {holder.warnings.length > 0 ? ' ⚠' : ''}
                </span>
              ) : null}
            </Link>
          )}
          query={query}
          loadingLabel={t('loading')}
          empty={
            <ListEmpty
              icon={<UserRound className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{ title: t('manager.empty'), text: t('manager.emptyText') }}
              noMatch={{
                title: t('manager.noMatch'),
                text: t('manager.noMatchText'),
                clearLabel: t('manager.clear'),
                onClear: clear,
              }}
            />
          }
          paging={{
            page: state.page,
            total,
            pageSize: PAGE_SIZE,
            onPageChange: (page) => set({ page }),
            summary: (pages) => t('manager.summary', { count: total, page: state.page, pages }),
            label: t('manager.pagination'),
          }}
          tableProps={{ 'data-work-time-table': '' }}
          cardProps={() => ({ className: 'px-4 py-4' })}
        />
      </Card>
    </div>
  );
}
