import { formatMoney, INVOICE_STATUSES, type InvoiceSummary } from '@inscrio/shared';
import { BellRing, FileCode, FileMinus, FilePlus, HandCoins, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListEmpty } from '@/components/lists/list-empty';
import { type Column, DataTable } from '@/components/lists/data-table';
import { ListSearch, ListToolbar } from '@/components/lists/list-toolbar';
import { EnumFilter, ExportButton, ListHeader } from '@/components/lists/list-filters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form-field';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useExportInvoices } from '../api/export-invoices';
import { useBlueprintOptions, usePeriodOptions } from '../api/get-filter-options';
import { useInvoices } from '../api/get-invoices';
import { useRemindInvoice } from '../api/invoice-actions';
import { useInvoiceFilters } from '../hooks/use-invoice-filters';
import { DownloadButton } from '@/components/ui/download-button';
import { InvoiceTotals } from './invoice-totals';
import { RecoveryOutstandingCard } from './recovery-outstanding';
import { MarkPaidDialog } from './mark-paid-dialog';

const INVOICES_PAGE_SIZE = 20;

/** Only an unpaid invoice is collected: a reminder or a payment received. */
const isOpen = (invoice: InvoiceSummary) =>
  (invoice.status === 'pending' || invoice.status === 'overdue') && invoice.balance > 0;

function RemindButton({ invoice, iconOnly }: { invoice: InvoiceSummary; iconOnly: boolean }) {
  const { t } = useTranslation('accounting');
  const remind = useRemindInvoice();
  const label = t('invoices.remind');
  return (
    <Button
      variant={iconOnly ? 'ghost' : 'secondary'}
      size={iconOnly ? 'icon-sm' : 'sm'}
      loading={remind.isPending}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      onClick={() =>
        remind.mutate(invoice.id, {
          onSuccess: () => notify.success(t('invoices.reminded', { number: invoice.number })),
        })
      }
    >
      {remind.isPending ? null : <BellRing aria-hidden="true" />}
      {iconOnly ? null : label}
    </Button>
  );
}

/** PDF, payment received, reminder, credit note: icons in the table, labelled buttons on phones. */
function InvoiceActions({
  invoice,
  iconOnly,
  onMarkPaid,
}: {
  invoice: InvoiceSummary;
  iconOnly: boolean;
  onMarkPaid: () => void;
}) {
  const { t } = useTranslation('accounting');
  const variant = iconOnly ? 'ghost' : 'secondary';
  const size = iconOnly ? 'icon-sm' : 'sm';
  const named = (label: string) => (iconOnly ? { 'aria-label': label, title: label } : {});
  return (
    <div className={cn('flex flex-wrap', iconOnly ? 'gap-1' : 'gap-2')}>
      <DownloadButton
        download={{
          path: `/invoices/${encodeURIComponent(invoice.id)}/pdf`,
          fallbackName: `facture-${invoice.number}.pdf`,
        }}
        label={t('invoices.pdf')}
        iconOnly={iconOnly}
        variant={variant}
      />
      {invoice.peppol ? (
        <DownloadButton
          download={{
            path: `/invoices/${encodeURIComponent(invoice.id)}/ubl`,
            fallbackName: `facture-${invoice.number}.xml`,
          }}
          label={t('invoices.ubl')}
          icon={FileCode}
          iconOnly={iconOnly}
          variant={variant}
        />
      ) : null}
      {isOpen(invoice) ? (
        <>
          <Button variant={variant} size={size} onClick={onMarkPaid} {...named(t('invoices.markPaid'))}>
            <HandCoins aria-hidden="true" />
            {iconOnly ? null : t('invoices.markPaid')}
          </Button>
          <RemindButton invoice={invoice} iconOnly={iconOnly} />
        </>
      ) : null}
      {invoice.status !== 'cancelled' ? (
        <Button variant={variant} size={size} asChild {...named(t('invoices.creditNote'))}>
          <Link to={paths.createCreditNote.to({ invoiceId: invoice.id })}>
            <FileMinus aria-hidden="true" />
            {iconOnly ? null : t('invoices.creditNote')}
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

/** The invoice number, a link to its order when it has one. */
function InvoiceNumber({ invoice }: { invoice: InvoiceSummary }) {
  const className = 'font-mono text-[13px] font-semibold text-slate-900';
  return invoice.orderId ? (
    <Link to={paths.order.to(invoice.orderId)} className={cn(className, 'hover:text-brand-700')}>
      {invoice.number}
    </Link>
  ) : (
    <span className={className}>{invoice.number}</span>
  );
}

/** Search (debounced), status, period, activity and issue dates; all kept in the address. */
function Filters({ filters, set }: Pick<ReturnType<typeof useInvoiceFilters>, 'filters' | 'set'>) {
  const { t } = useTranslation('accounting');
  const periods = usePeriodOptions();
  const blueprints = useBlueprintOptions();
  // Phones show the search and, on demand (or when one is set), the other filters.
  const active = [filters.status, filters.periodId, filters.blueprintId, filters.from, filters.to].filter(
    Boolean,
  ).length;

  return (
    <ListToolbar
      className="sm:grid-cols-2 lg:grid-cols-3"
      data-invoice-filters=""
      search={
        <ListSearch
          showLabel
          value={filters.q ?? ''}
          onSearch={(q) => set({ q })}
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
        />
      }
      fold={{
        active,
        label: t('filters.toggle'),
        activeLabel: t('filters.toggleActive', { count: active }),
      }}
    >
      <EnumFilter
        showLabel
        enumeration={INVOICE_STATUSES}
        value={filters.status}
        onChange={(status) => set({ status })}
        label={t('filters.status')}
        allLabel={t('filters.allStatuses')}
      />
      <SelectField
        label={t('filters.period')}
        value={filters.periodId ?? ''}
        onChange={(event) => set({ periodId: event.target.value })}
      >
        <option value="">{t('filters.allPeriods')}</option>
        {(periods.data?.items ?? []).map((period) => (
          <option key={period.id} value={period.id}>
            {period.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('filters.activity')}
        value={filters.blueprintId ?? ''}
        onChange={(event) => set({ blueprintId: event.target.value })}
      >
        <option value="">{t('filters.allActivities')}</option>
        {(blueprints.data?.items ?? []).map((blueprint) => (
          <option key={blueprint.id} value={blueprint.id}>
            {blueprint.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('filters.from')}
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label={t('filters.to')}
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set({ to: event.target.value })}
      />
    </ListToolbar>
  );
}

/** The table's columns: number, buyer, dates, amounts, status and the actions as icons. */
function useColumns(onMarkPaid: (invoice: InvoiceSummary) => void): Column<InvoiceSummary>[] {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const date = (value: string) => formatDate(value, timeZone, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return [
    {
      id: 'number',
      header: t('invoices.columns.number'),
      cellClassName: 'whitespace-nowrap',
      cell: (invoice) => <InvoiceNumber invoice={invoice} />,
    },
    {
      id: 'buyer',
      header: t('invoices.columns.buyer'),
      cellClassName: 'max-w-[14rem] text-slate-800',
      cell: (invoice) => <span className="line-clamp-2">{invoice.buyerName}</span>,
    },
    {
      id: 'issueDate',
      header: t('invoices.columns.issueDate'),
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (invoice) => date(invoice.issueDate),
    },
    {
      id: 'dueDate',
      header: t('invoices.columns.dueDate'),
      className: 'hidden xl:table-cell',
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (invoice) => date(invoice.dueDate),
    },
    {
      id: 'total',
      header: t('invoices.columns.total'),
      className: 'text-right',
      cellClassName: 'whitespace-nowrap text-slate-800 tabular-nums',
      cell: (invoice) => money(invoice.totalAmount),
    },
    {
      id: 'balance',
      header: t('invoices.columns.balance'),
      className: 'text-right',
      cellClassName: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums',
      cell: (invoice) => money(invoice.balance),
    },
    {
      id: 'status',
      header: t('invoices.columns.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'actions',
      header: t('invoices.columns.actions'),
      hiddenHeader: true,
      className: 'text-right',
      cellClassName: 'py-2',
      cell: (invoice) => <InvoiceActions invoice={invoice} iconOnly onMarkPaid={() => onMarkPaid(invoice)} />,
    },
  ];
}

/** Phones: an invoice per card, its actions as labelled buttons. */
function InvoiceCard({ invoice, onMarkPaid }: { invoice: InvoiceSummary; onMarkPaid: () => void }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const date = (value: string) => formatDate(value, timeZone, locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <InvoiceNumber invoice={invoice} />
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="font-semibold text-slate-900">{invoice.buyerName}</p>
      <p className="text-xs text-slate-600">
        {t('invoices.dates', { issued: date(invoice.issueDate), due: date(invoice.dueDate) })}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('invoices.columns.total')}</dt>
          <dd className="text-slate-900 tabular-nums">{money(invoice.totalAmount)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">{t('invoices.columns.balance')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{money(invoice.balance)}</dd>
        </div>
      </dl>
      <InvoiceActions invoice={invoice} iconOnly={false} onMarkPaid={onMarkPaid} />
    </>
  );
}

function TotalsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}

/**
 * « Factures »: totals per status and overdue ageing, filters kept in the address, a page of invoices
 * (a table on wide screens, cards on phones) with their actions, and the CSV export of the filtered list.
 */
export function InvoicesPanel() {
  const { t } = useTranslation('accounting');
  const { filters, page, set, filtered, clear } = useInvoiceFilters();
  const query = useInvoices({ ...filters, page, pageSize: INVOICES_PAGE_SIZE });
  const exportInvoices = useExportInvoices();
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const totals = query.data?.totals ?? null;
  const columns = useColumns(setPaying);

  const onExport = () =>
    exportInvoices.mutate(filters, { onSuccess: () => notify.success(t('invoices.exported')) });

  return (
    <div className="space-y-5">
      {query.isPending ? (
        <TotalsSkeleton />
      ) : totals ? (
        <InvoiceTotals totals={totals} status={filters.status} onStatus={(status) => set({ status })} />
      ) : null}
      <RecoveryOutstandingCard />

      <Card className="overflow-hidden">
        <ListHeader title={t('invoices.title')}>
          <ExportButton
            size="sm"
            label={t('invoices.export')}
            pending={exportInvoices.isPending}
            onExport={onExport}
          />
        </ListHeader>
        <Filters filters={filters} set={set} />

        <DataTable
          items={items}
          getKey={(invoice) => invoice.id}
          columns={columns}
          card={(invoice) => <InvoiceCard invoice={invoice} onMarkPaid={() => setPaying(invoice)} />}
          query={query}
          loadingLabel={t('invoices.loading')}
          errorTitle={t('invoices.error')}
          empty={
            <ListEmpty
              icon={<ReceiptText className="size-8" aria-hidden="true" />}
              filtered={filtered}
              empty={{
                title: t('invoices.empty'),
                text: t('invoices.emptyHint'),
                action: (
                  <Button asChild size="sm">
                    <Link to={paths.createInvoice.to()}>
                      <FilePlus aria-hidden="true" />
                      {t('actions.createInvoice')}
                    </Link>
                  </Button>
                ),
              }}
              noMatch={{
                title: t('invoices.noMatch'),
                text: t('invoices.noMatchHint'),
                clearLabel: t('filters.clear'),
                onClear: clear,
              }}
            />
          }
          paging={{
            page,
            total,
            pageSize: INVOICES_PAGE_SIZE,
            onPageChange: (next) => set({ page: next }),
            summary: (pages) => t('invoices.summary', { count: total, page, pages }),
            label: t('invoices.pagination'),
          }}
          tableProps={{ 'data-invoice-table': '' }}
          rowProps={(invoice) => ({ 'data-invoice-row': invoice.number })}
          cardsProps={{ 'data-invoice-cards': '' }}
          cardProps={(invoice) => ({ className: 'space-y-2 px-4 py-4', 'data-invoice-card': invoice.number })}
        />
      </Card>

      {paying ? <MarkPaidDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
    </div>
  );
}
