import { type CreditNoteSummary, formatMoney } from '@inscrio/shared';
import { FileMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { CreditNoteSettlementBadge } from '@/components/ui/credit-note-settlement-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
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

/** « Notes de crédit »: every credit note, newest first, with its invoice, reason, amount and PDF. */
export function CreditNotesPanel() {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const query = useCreditNotes(page);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CREDIT_NOTES_PAGE_SIZE));
  const money = (cents: number) => formatMoney(cents, locale);

  return (
    <Card className="overflow-hidden">
      <div className="border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 className="text-base font-semibold text-slate-900">{t('creditNotes.title')}</h2>
      </div>
      <div aria-live="polite" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('creditNotes.loading')} />
          </div>
        ) : query.isError ? (
          <div className="p-5">
            <ErrorState
              title={t('creditNotes.error')}
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : items.length === 0 ? (
          <div className="p-5">
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
          </div>
        ) : (
          <div className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            <table className="hidden w-full text-left text-sm md:table" data-credit-note-table="">
              <thead className="border-b border-slate-100 bg-slate-50/70 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 pl-5 whitespace-nowrap">
                    {t('creditNotes.columns.number')}
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    {t('creditNotes.columns.invoice')}
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    {t('creditNotes.columns.date')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('creditNotes.columns.reason')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    {t('creditNotes.columns.amount')}
                  </th>
                  <th scope="col" className="px-3 py-2 whitespace-nowrap">
                    {t('creditNotes.columns.refunded')}
                  </th>
                  <th scope="col" className="py-2 pr-5 pl-3">
                    <span className="sr-only">{t('creditNotes.columns.pdf')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((creditNote) => (
                  <tr key={creditNote.id} data-credit-note-row={creditNote.number}>
                    <td className="py-3 pr-3 pl-5 font-mono text-[13px] font-semibold whitespace-nowrap text-slate-900">
                      {creditNote.number}
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      <span className="font-mono text-[13px] text-slate-800">{creditNote.invoiceNumber}</span>
                      <span className="block max-w-[12rem] truncate text-xs text-slate-500">
                        {creditNote.buyerName}
                      </span>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                      {formatDate(creditNote.issueDate, timeZone, locale)}
                    </td>
                    <td className="max-w-[18rem] px-3 py-3 text-slate-700">
                      <span className="line-clamp-2">{creditNote.reason}</span>
                    </td>
                    <td className="px-3 py-3 text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                      {money(creditNote.totalAmount)}
                    </td>
                    <td className="px-3 py-3">
                      <Refunded creditNote={creditNote} />
                    </td>
                    <td className="py-2 pr-5 pl-3 text-right">
                      <Pdf creditNote={creditNote} iconOnly />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>

            <ul className="divide-y divide-slate-100 md:hidden" data-credit-note-cards="">
              {items.map((creditNote) => (
                <li
                  key={creditNote.id}
                  className="space-y-2 px-4 py-4"
                  data-credit-note-card={creditNote.number}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono text-[13px] font-semibold text-slate-900">
                      {creditNote.number}
                    </span>
                    <span className="font-semibold text-slate-900 tabular-nums">
                      {money(creditNote.totalAmount)}
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
                    <Pdf creditNote={creditNote} iconOnly={false} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {items.length > 0 ? (
        <Pagination
          className="border-t border-slate-100 px-4 py-3 sm:px-5"
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          summary={t('creditNotes.summary', { count: total, page, pages: pageCount })}
          label={t('creditNotes.pagination')}
        />
      ) : null}
    </Card>
  );
}
