import { type AccountingTotals, formatMoney, type InvoiceStatus } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';

/** The order a manager reads them in: what is still to collect first. */
const STATUS_ORDER: InvoiceStatus[] = ['pending', 'overdue', 'processing', 'paid', 'cancelled'];
const BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;

/**
 * Count and amount per status over every invoice matching the filters (a tile filters the list by its
 * status), and the overdue balance by days past due.
 */
export function InvoiceTotals({
  totals,
  status,
  onStatus,
}: {
  totals: AccountingTotals;
  status: InvoiceStatus | undefined;
  onStatus: (status: InvoiceStatus | undefined) => void;
}) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const byStatus = new Map(totals.byStatus.map((entry) => [entry.status, entry]));
  const ageing = new Map(totals.ageing.map((entry) => [entry.bucket, entry.amount]));

  return (
    <div className="space-y-3">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-label={t('totals.label')}>
        {STATUS_ORDER.map((value) => {
          const entry = byStatus.get(value);
          const active = status === value;
          return (
            <li key={value}>
              <button
                type="button"
                onClick={() => onStatus(active ? undefined : value)}
                aria-pressed={active}
                title={t('totals.filter')}
                className={cn(
                  'flex h-full w-full flex-col items-start gap-2 rounded-2xl border bg-white p-4 text-left shadow-xs transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600',
                  active ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-slate-200',
                )}
                data-status-total={value}
              >
                {/* Long labels ('En attente de paiement') wrap in a phone's narrow tile. */}
                <InvoiceStatusBadge status={value} className="whitespace-normal max-sm:rounded-lg" />
                <span className="text-lg font-bold text-slate-900 tabular-nums">
                  {formatMoney(entry?.amount ?? 0, locale)}
                </span>
                <span className="text-xs text-slate-600">
                  {t('totals.count', { count: entry?.count ?? 0 })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6" data-ageing="">
        <div className="min-w-0 sm:w-44">
          <p className="text-sm font-semibold text-slate-900">{t('totals.ageing')}</p>
          <p className="text-xs text-slate-600">
            {t('totals.credited', { amount: formatMoney(totals.creditedAmount, locale) })}
          </p>
        </div>
        <dl className="grid flex-1 grid-cols-2 gap-3 md:grid-cols-4">
          {BUCKETS.map((bucket) => {
            const amount = ageing.get(bucket) ?? 0;
            return (
              <div key={bucket} className="rounded-xl bg-slate-50 px-3 py-2" data-ageing-bucket={bucket}>
                <dt className="text-xs text-slate-600">{t(`totals.buckets.${bucket}`)}</dt>
                <dd
                  className={cn(
                    'font-semibold tabular-nums',
                    amount > 0 && bucket !== '1-30' ? 'text-red-700' : 'text-slate-900',
                  )}
                >
                  {formatMoney(amount, locale)}
                </dd>
              </div>
            );
          })}
        </dl>
      </Card>
    </div>
  );
}
