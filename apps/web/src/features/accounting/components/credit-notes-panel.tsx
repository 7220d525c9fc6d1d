import { type CreditNoteSummary, formatMoney } from '@inscrio/shared';
import { FileCode, FileMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { type Column, DataTable } from '@/components/lists/data-table';
import { CreditNoteSettlementBadge } from '@/components/ui/credit-note-settlement-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { CREDIT_NOTES_PAGE_SIZE, useCreditNotes } from '../api/get-credit-notes';
import { DownloadButton } from '@/components/ui/download-button';

function Refunded({ creditNote }: { creditNote: CreditNoteSummary }) {
  return <CreditNoteSettlementBadge settlement={creditNote.settlement} />;
}

function Pdf({ creditNote, iconOnly }: { creditNote: CreditNoteSummary; iconOnly: boolean }) {
  const { t } = useTranslation('accounting');
  return (
    <DownloadButton
      download={{
        path: `/credit-notes/${encodeURIComponent(creditNote.id)}/pdf`,
        fallbackName: `note-de-credit-${creditNote.number}.pdf`,
      }}
      label={t('creditNotes.pdf')}
      iconOnly={iconOnly}
      variant={iconOnly ? 'ghost' : 'secondary'}
    />
  );
}

/** The Peppol (UBL) file, for a credit note to a company with a VAT number. */
function Ubl({ creditNote, iconOnly }: { creditNote: CreditNoteSummary; iconOnly: boolean }) {
  const { t } = useTranslation('accounting');
  if (!creditNote.peppol) return null;
  return (
    <DownloadButton
      download={{
        path: `/credit-notes/${encodeURIComponent(creditNote.id)}/ubl`,
        fallbackName: `note-de-credit-${creditNote.number}.xml`,
      }}
      label={t('creditNotes.ubl')}
      icon={FileCode}
      iconOnly={iconOnly}
      variant={iconOnly ? 'ghost' : 'secondary'}
    />
  );
}

/** The table's columns: number, invoice and buyer, date, reason, amount, refund and the PDF. */
function useColumns(): Column<CreditNoteSummary>[] {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return [
    {
      id: 'number',
      header: t('creditNotes.columns.number'),
      cellClassName: 'font-mono text-[13px] font-semibold whitespace-nowrap text-slate-900',
      cell: (creditNote) => creditNote.number,
    },
    {
      id: 'invoice',
      header: t('creditNotes.columns.invoice'),
      cellClassName: 'whitespace-nowrap',
      cell: (creditNote) => (
        <>
          <span className="font-mono text-[13px] text-slate-800">{creditNote.invoiceNumber}</span>
          <span className="block max-w-[12rem] truncate text-xs text-slate-500">{creditNote.buyerName}</span>
        </>
      ),
    },
    {
      id: 'date',
      header: t('creditNotes.columns.date'),
      cellClassName: 'whitespace-nowrap text-slate-700 tabular-nums',
      cell: (creditNote) => formatDate(creditNote.issueDate, timeZone, locale),
    },
    {
      id: 'reason',
      header: t('creditNotes.columns.reason'),
      cellClassName: 'max-w-[18rem] text-slate-700',
      cell: (creditNote) => <span className="line-clamp-2">{creditNote.reason}</span>,
    },
    {
      id: 'amount',
      header: t('creditNotes.columns.amount'),
      className: 'text-right',
      cellClassName: 'font-semibold whitespace-nowrap text-slate-900 tabular-nums',
      cell: (creditNote) => formatMoney(creditNote.totalAmount, locale),
    },
    {
      id: 'refunded',
      header: t('creditNotes.columns.refunded'),
      cell: (creditNote) => <Refunded creditNote={creditNote} />,
    },
    {
      id: 'pdf',
      header: t('creditNotes.columns.pdf'),
      hiddenHeader: true,
      className: 'text-right',
      cellClassName: 'py-2',
      cell: (creditNote) => (
        <span className="inline-flex gap-1">
          <Pdf creditNote={creditNote} iconOnly />
          <Ubl creditNote={creditNote} iconOnly />
        </span>
      ),
    },
  ];
}

/** Phones: a credit note per card. */
function CreditNoteCard({ creditNote }: { creditNote: CreditNoteSummary }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-[13px] font-semibold text-slate-900">{creditNote.number}</span>
        <span className="font-semibold text-slate-900 tabular-nums">
          {formatMoney(creditNote.totalAmount, locale)}
        </span>
      </div>
      <p className="text-xs text-slate-600">
        {t('creditNotes.onInvoice', {
          number: creditNote.invoiceNumber,
          date: formatDate(creditNote.issueDate, timeZone, locale),
        })}
        {' · '}
        {creditNote.buyerName}
      </p>
      <p className="text-sm text-slate-700">{creditNote.reason}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Refunded creditNote={creditNote} />
        <span className="flex flex-wrap gap-2">
          <Pdf creditNote={creditNote} iconOnly={false} />
          <Ubl creditNote={creditNote} iconOnly={false} />
        </span>
      </div>
    </>
  );
}

/** « Notes de crédit »: every credit note, newest first, with its invoice, reason, amount and PDF. */
export function CreditNotesPanel() {
  const { t } = useTranslation('accounting');
  const [page, setPage] = useState(1);
  const query = useCreditNotes(page);
  const columns = useColumns();
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-base font-semibold text-slate-900">{t('creditNotes.title')}</h2>
      </div>
      <DataTable
        items={items}
        getKey={(creditNote) => creditNote.id}
        columns={columns}
        card={(creditNote) => <CreditNoteCard creditNote={creditNote} />}
        query={query}
        loadingLabel={t('creditNotes.loading')}
        errorTitle={t('creditNotes.error')}
        empty={
          <EmptyState
            icon={<FileMinus className="size-8" aria-hidden="true" />}
            title={t('creditNotes.empty')}
            text={t('creditNotes.emptyHint')}
            action={
              <Button asChild size="sm" variant="secondary">
                <Link to={paths.createCreditNote.to()}>{t('actions.createCreditNote')}</Link>
              </Button>
            }
          />
        }
        paging={{
          page,
          total,
          pageSize: CREDIT_NOTES_PAGE_SIZE,
          onPageChange: setPage,
          summary: (pages) => t('creditNotes.summary', { count: total, page, pages }),
          label: t('creditNotes.pagination'),
        }}
        tableProps={{ 'data-credit-note-table': '' }}
        rowProps={(creditNote) => ({ 'data-credit-note-row': creditNote.number })}
        cardsProps={{ 'data-credit-note-cards': '' }}
        cardProps={(creditNote) => ({
          className: 'space-y-2 px-4 py-4',
          'data-credit-note-card': creditNote.number,
        })}
      />
    </Card>
  );
}
