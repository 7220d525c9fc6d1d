import {
  formatMoney,
  INVOICE_STATUSES,
  statementListQuerySchema,
  type StatementSummary,
  isPlatformAdmin,
} from '@inscrio/shared';
import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListEmpty } from '@/components/lists/list-empty';
import { ListToolbar } from '@/components/lists/list-toolbar';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { EnumFilter, ExportButton, ListHeader } from '@/components/lists/list-filters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DownloadButton } from '@/components/ui/download-button';
import { TextField } from '@/components/ui/form-field';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { apiPath, type StatementFilters, useExportStatements, useStatements } from '../api/statements';
import { monthLabel } from './month-label';
import { AccessDenied } from '@/components/feedback/access-denied';
import { useAuth } from '@/lib/auth-store';

const PAGE_SIZE = 20;
const urlSchema = statementListQuerySchema('fr').pick({
  month: true,
  organizationId: true,
  status: true,
  page: true,
});

function StatementLink({ statement }: { statement: StatementSummary }) {
  return (
    <Link
      to={paths.billingStatement.to(statement.id)}
      className="font-mono text-[13px] font-semibold text-slate-900 hover:text-brand-700"
    >
      {statement.number}
    </Link>
  );
}

function useColumns(): Column<StatementSummary>[] {
  const { t } = useTranslation('platform-billing');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const money = (cents: number) => formatMoney(cents, locale);
  return [
    {
      id: 'number',
      header: t('columns.number'),
      cellClassName: 'whitespace-nowrap',
      cell: (s) => <StatementLink statement={s} />,
    },
    {
      id: 'organization',
      header: t('columns.organization'),
      cellClassName: 'max-w-[16rem] text-slate-800',
      cell: (s) => <span className="line-clamp-2">{s.organizationName}</span>,
    },
    {
      id: 'month',
      header: t('columns.month'),
      cellClassName: 'whitespace-nowrap text-slate-700 capitalize',
      cell: (s) => monthLabel(s.month, locale),
    },
    {
      id: 'dueDate',
      header: t('columns.dueDate'),
      className: 'hidden xl:table-cell',
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (s) => formatDate(s.dueDate, timeZone, locale),
    },
    {
      id: 'total',
      header: t('columns.total'),
      className: 'text-right',
      cellClassName: 'whitespace-nowrap text-slate-800 tabular-nums',
      cell: (s) => money(s.totalAmount),
    },
    {
      id: 'balance',
      header: t('columns.balance'),
      className: 'text-right hidden lg:table-cell',
      cellClassName: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums',
      cell: (s) => money(s.balance),
    },
    { id: 'status', header: t('columns.status'), cell: (s) => <InvoiceStatusBadge status={s.status} /> },
    {
      id: 'pdf',
      header: t('columns.pdf'),
      hiddenHeader: true,
      className: 'text-right',
      cellClassName: 'py-2',
      cell: (s) => (
        <DownloadButton
          download={{ path: apiPath(s.pdfUrl), fallbackName: `facture-${s.number}.pdf` }}
          label={t('pdf')}
          iconOnly
          variant="ghost"
        />
      ),
    },
  ];
}

function StatementCard({ statement }: { statement: StatementSummary }) {
  const { t } = useTranslation('platform-billing');
  const locale = useLocale();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StatementLink statement={statement} />
        <InvoiceStatusBadge status={statement.status} />
      </div>
      <p className="font-semibold text-slate-900">{statement.organizationName}</p>
      <p className="text-sm text-slate-600 capitalize">{monthLabel(statement.month, locale)}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('columns.total')}</dt>
          <dd className="text-slate-900 tabular-nums">{formatMoney(statement.totalAmount, locale)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('columns.balance')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(statement.balance, locale)}
          </dd>
        </div>
      </dl>
      <DownloadButton
        download={{ path: apiPath(statement.pdfUrl), fallbackName: `facture-${statement.number}.pdf` }}
        label={t('pdf')}
      />
    </>
  );
}

/** Totals per month over every statement of the filters; a month's card filters the list on it. */
function MonthTotals({
  months,
  current,
  onMonth,
}: {
  months: { month: string; count: number; totalAmount: number; dueAmount: number }[];
  current: string | undefined;
  onMonth: (month: string | undefined) => void;
}) {
  const { t } = useTranslation('platform-billing');
  const locale = useLocale();
  if (months.length === 0) return null;
  return (
    <section aria-label={t('totals.title')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {months.slice(0, 4).map((m) => (
        <button
          key={m.month}
          type="button"
          aria-pressed={current === m.month}
          onClick={() => onMonth(current === m.month ? undefined : m.month)}
          className="rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-xs hover:border-brand-300 aria-pressed:border-brand-500 aria-pressed:ring-2 aria-pressed:ring-brand-100"
          data-month-total={m.month}
        >
          <p className="text-sm font-medium text-slate-600 capitalize">{monthLabel(m.month, locale)}</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
            {formatMoney(m.totalAmount, locale)}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {t('totals.count', { count: m.count })} ·{' '}
            {t('totals.due', { amount: formatMoney(m.dueAmount, locale) })}
          </p>
        </button>
      ))}
    </section>
  );
}

/**
 * `/billing` (Facturation, system administrator): the platform's monthly statements, one per club and
 * month; totals per month, filters kept in the address, the CSV export of the filtered list.
 */
function BillingPageContent() {
  const { t } = useTranslation('platform-billing');
  const { values, set, filtered, clear } = useUrlFilters(urlSchema);
  const { page, ...rest } = values;
  const filters: StatementFilters = rest;
  const query = useStatements({ ...filters, page, pageSize: PAGE_SIZE });
  const exporter = useExportStatements();
  const columns = useColumns();
  const total = query.data?.total ?? 0;

  return (
    <PageContainer>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-5">
        {query.isPending ? (
          <Skeleton className="h-28 rounded-2xl" />
        ) : (
          <MonthTotals
            months={query.data?.months ?? []}
            current={filters.month}
            onMonth={(month) => set({ month })}
          />
        )}
        <Card className="overflow-hidden">
          <ListHeader title={t('list.title')}>
            <ExportButton
              size="sm"
              label={t('list.export')}
              pending={exporter.isPending}
              onExport={() =>
                exporter.mutate(filters, { onSuccess: () => notify.success(t('list.exported')) })
              }
            />
          </ListHeader>
          <ListToolbar className="sm:grid-cols-2 lg:grid-cols-3">
            <TextField
              label={t('filters.month')}
              type="month"
              value={filters.month ?? ''}
              onChange={(event) => set({ month: event.target.value || undefined })}
            />
            <EnumFilter
              showLabel
              enumeration={INVOICE_STATUSES}
              value={filters.status}
              onChange={(status) => set({ status })}
              label={t('filters.status')}
              allLabel={t('filters.allStatuses')}
            />
            {filters.organizationId ? (
              <div className="flex items-end">
                <Button variant="secondary" size="sm" onClick={() => set({ organizationId: undefined })}>
                  {t('filters.allOrganizations')}
                </Button>
              </div>
            ) : null}
          </ListToolbar>
          <DataTable
            items={query.data?.items ?? []}
            getKey={(s) => s.id}
            columns={columns}
            card={(s) => <StatementCard statement={s} />}
            query={query}
            loadingLabel={t('list.loading')}
            errorTitle={t('list.error')}
            empty={
              <ListEmpty
                icon={<ReceiptText className="size-8" aria-hidden="true" />}
                filtered={filtered}
                empty={{ title: t('list.empty'), text: t('list.emptyHint') }}
                noMatch={{
                  title: t('list.noMatch'),
                  text: t('list.noMatchHint'),
                  clearLabel: t('filters.clear'),
                  onClear: clear,
                }}
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
            tableProps={{ 'data-statement-table': '' }}
            rowProps={(s) => ({ 'data-statement-row': s.number })}
            cardsProps={{ 'data-statement-cards': '' }}
            cardProps={(s) => ({ className: 'space-y-2 px-4 py-4', 'data-statement-card': s.number })}
          />
        </Card>
      </div>
    </PageContainer>
  );
}

export function BillingPage() {
  const { t } = useTranslation('platform-billing');
  const { user } = useAuth();
  if (!isPlatformAdmin(user, user?.organizationId))
    return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return <BillingPageContent />;
}
