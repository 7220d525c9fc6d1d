import { formatMoney, type InvoiceSummary, type OrderDetail } from '@inscrio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileCode } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CreditNoteSettlementBadge } from '@/components/ui/credit-note-settlement-badge';
import { DownloadButton } from '@/components/ui/download-button';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { statusText } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useInvoiceDetail, useOrderInvoices } from '../api/get-order-invoices';

/** The credit notes issued on an invoice, each with its PDF. */
function CreditNotes({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const detail = useInvoiceDetail(invoiceId);
  const creditNotes = detail.data?.creditNotes ?? [];
  if (creditNotes.length === 0) return null;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3">
      <p className="text-sm font-semibold text-slate-900">{t('order.creditNotes')}</p>
      <ul className="space-y-2" data-order-credit-notes="">
        {creditNotes.map((creditNote) => (
          <li
            key={creditNote.id}
            className="flex items-center justify-between gap-2 text-sm"
            data-credit-note={creditNote.number}
          >
            <span className="min-w-0">
              <span className="block font-mono text-[13px] text-slate-900">{creditNote.number}</span>
              <span className="block text-xs text-slate-500">
                {formatDate(creditNote.issueDate, timeZone, locale)} ·{' '}
                <span className="tabular-nums">{formatMoney(creditNote.totalAmount, locale)}</span>
              </span>
              <span className="mt-1 block">
                <CreditNoteSettlementBadge settlement={creditNote.settlement} />
              </span>
            </span>
            <DownloadButton
              download={{
                path: `/credit-notes/${encodeURIComponent(creditNote.id)}/pdf`,
                fallbackName: `note-de-credit-${creditNote.number}.pdf`,
              }}
              label={t('order.creditNotePdf', { number: creditNote.number })}
              iconOnly
              variant="ghost"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function InvoiceEntry({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  return (
    <div className="space-y-3" data-order-invoice={invoice.number}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm font-semibold text-slate-900">{invoice.number}</span>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="text-sm text-slate-600">
        {t('order.total', { amount: formatMoney(invoice.totalAmount, locale) })}
      </p>
      <DownloadButton
        className="w-full"
        download={{
          path: `/invoices/${encodeURIComponent(invoice.id)}/pdf`,
          fallbackName: `facture-${invoice.number}.pdf`,
        }}
        label={t('order.invoicePdf')}
      />
      {invoice.peppol ? (
        <DownloadButton
          className="w-full"
          variant="ghost"
          icon={FileCode}
          download={{
            path: `/invoices/${encodeURIComponent(invoice.id)}/ubl`,
            fallbackName: `facture-${invoice.number}.xml`,
          }}
          label={t('order.invoiceUbl')}
        />
      ) : null}
      {invoice.creditedAmount > 0 ? <CreditNotes invoiceId={invoice.id} /> : null}
    </div>
  );
}

/**
 * « Facture »: the order's invoice with its status and PDF, the credit notes issued on it, and the
 * order form (bon de commande) as a PDF.
 */
export function OrderInvoice({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const invoices = useOrderInvoices(order.id);

  // A payment or a cancellation on this page changes the invoice's status: read it again.
  const revision = `${order.status}:${order.paidAmount}`;
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    void queryClient.invalidateQueries({ queryKey: ['invoices'] });
  }, [revision, queryClient]);

  return (
    <Card data-order-documents="">
      <CardHeader>
        <CardTitle>{t('order.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {invoices.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : invoices.isError ? (
          <div className="space-y-2 text-sm">
            <p className="text-red-800">{statusText(invoices.error, locale)}</p>
            <Button variant="secondary" size="sm" onClick={() => void invoices.refetch()}>
              {t('order.retry')}
            </Button>
          </div>
        ) : invoices.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('order.noInvoice')}</p>
        ) : (
          invoices.data.items.map((invoice) => <InvoiceEntry key={invoice.id} invoice={invoice} />)
        )}
        <DownloadButton
          className="w-full"
          variant="ghost"
          download={{
            path: `/orders/${encodeURIComponent(order.id)}/pdf`,
            fallbackName: 'bon-de-commande.pdf',
          }}
          label={t('order.orderPdf')}
        />
      </CardContent>
    </Card>
  );
}
