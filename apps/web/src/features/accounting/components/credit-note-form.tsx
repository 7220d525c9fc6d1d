import { paths } from '@/lib/paths';
import {
  type CreateCreditNoteInput,
  createCreditNoteSchema,
  formatMoney,
  formatPercent,
  INVOICE_MESSAGES,
  type InvoiceDetail,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { FileSearch } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox, CheckboxField } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { InvoiceStatusBadge } from '@/components/ui/invoice-status-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { hasErrorCode, statusText } from '@/lib/api-error';
import { formatDate } from '@/lib/dates';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useCreateCreditNote } from '../api/create-credit-note';
import { useInvoice } from '../api/get-invoice';
import { useInvoiceSearch } from '../api/search-invoices';
import {
  emptyLine,
  hundredthsText,
  type LineFormValues,
  linesTotal,
  toManualLine,
} from '../utils/document-lines';
import { DocumentTotal, LinesEditor, linePaths } from './lines-editor';

export interface CreditNoteFormValues {
  invoiceId: string;
  reason: string;
  /** Whole invoice lines credited. */
  invoiceLineIds: string[];
  /** Partial amounts, typed. */
  lines: LineFormValues[];
  refund: boolean;
}

/** What is sent: only the parts chosen, typed amounts in cents and hundredths of a percent. */
export function toCreditNotePayload(values: CreditNoteFormValues) {
  return {
    invoiceId: values.invoiceId,
    reason: values.reason,
    invoiceLineIds: values.invoiceLineIds.length > 0 ? values.invoiceLineIds : undefined,
    lines: values.lines.length > 0 ? values.lines.map(toManualLine) : undefined,
    refund: values.refund,
  };
}

/** Search an invoice by number, buyer or company, and pick it (kept in the address). */
function InvoicePicker({ onChoose }: { onChoose: (invoiceId: string) => void }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const search = useSearchText();
  const results = useInvoiceSearch(search.q);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('creditNote.chooseInvoice')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SearchPicker
          search={search}
          label={t('creditNote.searchInvoice')}
          placeholder={t('filters.searchPlaceholder')}
          field={{}}
          results={results}
          items={results.data?.items ?? []}
          getKey={(invoice) => invoice.id}
          loadingLabel={t('invoices.loading')}
          empty={t('creditNote.noInvoice')}
          listLabel={t('creditNote.invoices')}
          onPick={(invoice) => onChoose(invoice.id)}
          optionClassName={() =>
            'flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60'
          }
          optionProps={(invoice) => ({
            disabled: invoice.status === 'cancelled',
            'data-invoice-option': invoice.number,
          })}
          renderOption={(invoice) => (
            <>
              <span className="min-w-0">
                <span className="block font-mono text-[13px] font-semibold text-slate-900">
                  {invoice.number}
                </span>
                <span className="block truncate text-slate-700">
                  {invoice.buyerName} · {formatDate(invoice.issueDate, timeZone, locale)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <InvoiceStatusBadge status={invoice.status} />
                <span className="font-semibold text-slate-900 tabular-nums">
                  {formatMoney(invoice.totalAmount, locale)}
                </span>
              </span>
            </>
          )}
        />
      </CardContent>
    </Card>
  );
}

/** The chosen invoice: its number, buyer, dates and what is left to credit on it. */
function InvoiceSummaryCard({ invoice, onChange }: { invoice: InvoiceDetail; onChange: () => void }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const left = Math.max(0, invoice.totalAmount - invoice.creditedAmount);
  return (
    <Card data-credited-invoice={invoice.number}>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold text-slate-900">{invoice.number}</span>
              <InvoiceStatusBadge status={invoice.status} />
            </p>
            <p className="font-semibold text-slate-900">{invoice.buyerName}</p>
            <p className="text-sm text-slate-600">
              {t('creditNote.issuedOn', { date: formatDate(invoice.issueDate, timeZone, locale) })}
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={onChange}>
            {t('creditNote.changeInvoice')}
          </Button>
        </div>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          {(
            [
              ['total', invoice.totalAmount],
              ['credited', invoice.creditedAmount],
              ['left', left],
            ] as const
          ).map(([key, amount]) => (
            <div
              key={key}
              className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 sm:block"
            >
              <dt className="text-xs text-slate-600">{t(`creditNote.amounts.${key}`)}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums" data-amount={key}>
                {formatMoney(amount, locale)}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The credit note on one invoice: whole lines and/or partial amounts, a reason, a refund or not. */
function CreditNoteEditor({
  invoice,
  onChangeInvoice,
}: {
  invoice: InvoiceDetail;
  onChangeInvoice: () => void;
}) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const navigate = useNavigate();
  const create = useCreateCreditNote();
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo(
    () =>
      payloadResolver<CreditNoteFormValues, CreateCreditNoteInput>(
        createCreditNoteSchema(locale),
        toCreditNotePayload,
      ),
    [locale],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreditNoteFormValues, unknown, CreateCreditNoteInput>({
    resolver,
    defaultValues: { invoiceId: invoice.id, reason: '', invoiceLineIds: [], lines: [], refund: false },
    // Checked on submit, then as typed: a line just added is not flagged before it is filled.
    mode: 'onSubmit',
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const chosenIds = watch('invoiceLineIds');
  const typedLines = watch('lines');
  const typed = linesTotal(typedLines);
  const chosen = invoice.lines.filter((line) => chosenIds.includes(line.id));
  const total = chosen.reduce((sum, line) => sum + line.totalAmount, typed.total);
  const tax = chosen.reduce((sum, line) => sum + line.taxAmount, typed.tax);
  const left = Math.max(0, invoice.totalAmount - invoice.creditedAmount);
  // A partial amount is most often on one of the invoice's rates.
  const defaultRate = hundredthsText(invoice.lines[0]?.taxPercentage ?? 0, locale, true);
  const linesError = errors.lines?.message ?? errors.lines?.root?.message;

  const onSubmit = handleSubmit(async (payload) => {
    setFailure(null);
    try {
      const creditNote = await create.mutateAsync(payload);
      notify.success(t('create.creditNoteDone', { number: creditNote.number }));
      await navigate(paths.accounting.to({ tab: 'credit-notes' }));
    } catch (error) {
      const fields: Path<CreditNoteFormValues>[] = ['reason', 'lines', ...linePaths(typedLines.length)];
      if (!applyApiFieldErrors(error, setError, fields)) setFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <InvoiceSummaryCard invoice={invoice} onChange={onChangeInvoice} />
      {invoice.status === 'cancelled' ? (
        <Alert tone="warning">{INVOICE_MESSAGES.invoiceCancelled[locale]}</Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>{t('creditNote.linesTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <fieldset className="space-y-3">
            <legend className="mb-2 text-sm font-semibold text-slate-800">
              {t('creditNote.wholeLines')}
            </legend>
            {invoice.lines.map((line) => (
              <label
                key={line.id}
                className="flex cursor-pointer items-start gap-2.5 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <Checkbox value={line.id} className="mt-0.5" {...register('invoiceLineIds')} />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap justify-between gap-x-3 font-medium text-slate-800">
                    <span>{line.description}</span>
                    <span className="tabular-nums">{formatMoney(line.totalAmount, locale)}</span>
                  </span>
                  <span className="block text-xs text-slate-500">
                    {t('creditNote.lineHint', {
                      quantity: line.quantity,
                      price: formatMoney(line.unitPrice, locale),
                      rate: formatPercent(line.taxPercentage, locale),
                    })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="space-y-3">
            <h3 className="text-sm font-semibold text-slate-800">{t('creditNote.partialLines')}</h3>
            <p className="text-sm text-slate-600">{t('creditNote.partialHint')}</p>
            <LinesEditor
              keys={lines.fields.map((line) => line.id)}
              lines={typedLines}
              bind={(index, name) => ({
                registration: register(`lines.${index}.${name}`),
                error: errors.lines?.[index]?.[name]?.message,
              })}
              onAdd={() => lines.append(emptyLine(defaultRate))}
              onRemove={lines.remove}
              addLabel={t('creditNote.addPartial')}
              minLines={0}
            />
          </div>
          {linesError ? (
            <p className="text-[13px] font-medium text-red-600" data-field-error="">
              {t('creditNote.nothingChosen')}
            </p>
          ) : null}
          <DocumentTotal total={total} tax={tax} label={t('creditNote.total')} />
          {total > left ? (
            <Alert tone="warning">{INVOICE_MESSAGES.creditExceedsInvoice[locale]}</Alert>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4">
          <FormField id="credit-note-reason" label={t('creditNote.reason')} error={errors.reason?.message}>
            <Textarea
              id="credit-note-reason"
              rows={3}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? 'credit-note-reason-error' : undefined}
              maxLength={TEXT_LIMITS.reason}
              {...register('reason')}
            />
          </FormField>
          {invoice.paidAmount > 0 ? (
            <CheckboxField
              label={t('creditNote.refund')}
              hint={t('creditNote.refundHint', { amount: formatMoney(invoice.paidAmount, locale) })}
              {...register('refund')}
            />
          ) : null}
        </CardContent>
      </Card>

      {failure ? <Alert tone="error">{statusText(failure, locale)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" loading={isSubmitting} disabled={invoice.status === 'cancelled'}>
          {t('create.submitCreditNote')}
        </Button>
      </div>
    </form>
  );
}

/** « Nouvelle note de crédit »: on the invoice of the address (`?invoiceId=`), or one searched for. */
export function CreditNoteForm() {
  const { t } = useTranslation('accounting');
  const [params, setParams] = useSearchParams();
  const invoiceId = params.get('invoiceId');
  const invoice = useInvoice(invoiceId);
  const choose = (id: string | null) => setParams(id ? { invoiceId: id } : {}, { replace: true });

  if (!invoiceId) return <InvoicePicker onChoose={choose} />;
  if (invoice.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-36 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (invoice.isError) {
    const notFound = hasErrorCode(invoice.error, 'not_found');
    return (
      <div className="space-y-4">
        <ErrorState
          title={t('creditNote.invoiceError')}
          error={invoice.error}
          onRetry={notFound ? undefined : () => void invoice.refetch()}
        />
        <Button variant="secondary" onClick={() => choose(null)}>
          <FileSearch aria-hidden="true" />
          {t('creditNote.changeInvoice')}
        </Button>
      </div>
    );
  }
  // A new form for each invoice: nothing chosen on one carries over to another.
  return (
    <CreditNoteEditor key={invoice.data.id} invoice={invoice.data} onChangeInvoice={() => choose(null)} />
  );
}
