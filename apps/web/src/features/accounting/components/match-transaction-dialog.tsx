import { type BankTransaction, formatMoney } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { statusText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useMatchTransaction } from '../api/bank-statements';
import { useOpenInvoiceSearch } from '../api/search-invoices';

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
  const search = useSearchText();
  const results = useOpenInvoiceSearch(search.q);
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
        {match.isError ? <Alert tone="error">{statusText(match.error, locale)}</Alert> : null}
        <SearchPicker
          search={search}
          label={t('bank.matchDialog.search')}
          placeholder={t('filters.searchPlaceholder')}
          results={results}
          items={results.items}
          getKey={(invoice) => invoice.id}
          loadingLabel={t('invoices.loading')}
          empty={t('bank.matchDialog.none')}
          listLabel={t('bank.matchDialog.results')}
          mode="choose"
          chosen={chosen}
          onPick={(invoice) => setChosen(invoice.id)}
          optionClassName={(selected) =>
            cn(
              'flex flex-wrap items-center justify-between gap-2 rounded-xl border px-3 py-2.5 text-sm hover:border-brand-300',
              selected ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20' : 'border-slate-200',
            )
          }
          optionProps={(invoice) => ({ 'data-invoice-option': invoice.number })}
          renderOption={(invoice) => (
            <>
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
            </>
          )}
        />
      </div>
    </Dialog>
  );
}
