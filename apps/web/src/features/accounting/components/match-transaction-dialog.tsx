import { type BankTransaction, formatMoney } from '@inscrio/shared';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Spinner } from '@/components/ui/spinner';
import { statusText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useMatchTransaction } from '../api/bank-statements';
import { useOpenInvoiceSearch } from '../api/search-invoices';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/**
 * « Rapprocher »: pick the unpaid invoice a transfer pays (searched by number, buyer or company); an
 * invoice whose balance is the transfer's amount is pointed out. The API refuses another amount.
 */
export function MatchTransactionDialog({
  transaction,
  onClose,
}: {
  transaction: BankTransaction;
  onClose: () => void;
}) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search);
  const results = useOpenInvoiceSearch(q);
  const [chosen, setChosen] = useState<string | null>(null);
  const match = useMatchTransaction();
  const chosenInvoice = results.items.find((invoice) => invoice.id === chosen);

  const confirm = () => {
    if (!chosenInvoice) return;
    match.mutate(
      { id: transaction.id, invoiceId: chosenInvoice.id },
      {
        onSuccess: () => {
          notify.success(t('bank.matchDialog.done', { number: chosenInvoice.number }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('bank.matchDialog.title')}
      description={t('bank.matchDialog.text', {
        amount: formatMoney(transaction.amount, locale),
        date: formatDate(transaction.bookingDate, timeZone, locale),
        from: transaction.counterpartyName ?? '—',
      })}
      className="max-w-xl"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('actions.back')}</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={!chosenInvoice} loading={match.isPending}>
            {t('bank.matchDialog.confirm')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {transaction.communication ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
            {transaction.communication}
          </p>
        ) : null}
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('filters.searchPlaceholder')}
            aria-label={t('bank.matchDialog.search')}
          />
        </div>
        {match.isError ? <Alert tone="error">{statusText(match.error, locale)}</Alert> : null}
        {results.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t('invoices.loading')} />
          </div>
        ) : results.isError ? (
          <ErrorState error={results.error} onRetry={results.refetch} />
        ) : results.items.length === 0 ? (
          <p className="py-4 text-center text-sm text-slate-600">{t('bank.matchDialog.none')}</p>
        ) : (
          <ul className="space-y-2" role="radiogroup" aria-label={t('bank.matchDialog.results')}>
            {results.items.map((invoice) => {
              const selected = invoice.id === chosen;
              return (
                <li key={invoice.id} role="none">
                  <button
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    onClick={() => setChosen(invoice.id)}
                    className={cn(
                      'flex w-full flex-wrap items-center justify-between gap-2 rounded-xl border px-3 py-2.5 text-left text-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600',
                      selected ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20' : 'border-slate-200',
                    )}
                    data-invoice-option={invoice.number}
                  >
                    <span className="min-w-0">
                      <span className="block font-mono text-[13px] font-semibold text-slate-900">
                        {invoice.number}
                      </span>
                      <span className="block truncate text-slate-700">{invoice.buyerName}</span>
                    </span>
                    <span className="flex flex-wrap items-center gap-2">
                      {invoice.balance === transaction.amount ? (
                        <Badge variant="success">{t('bank.matchDialog.sameAmount')}</Badge>
                      ) : null}
                      <InvoiceStatusBadge status={invoice.status} />
                      <span className="font-semibold text-slate-900 tabular-nums">
                        {formatMoney(invoice.balance, locale)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
