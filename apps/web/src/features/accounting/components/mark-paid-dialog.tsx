import { formatMoney, type InvoiceSummary, markInvoicePaidSchema } from '@inscrio/shared';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/form-field';
import { statusText } from '@/lib/api-error';
import { formatPattern } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useMarkInvoicePaid } from '../api/invoice-actions';

const PAYMENT_METHODS = ['transfer', 'cash', 'other'] as const;
type Method = (typeof PAYMENT_METHODS)[number];

/**
 * « Marquer comme payée »: the balance was received offline; the day (today by default, in the
 * organisation's time zone) and how. Checked with the API's own schema before it is sent.
 */
export function MarkPaidDialog({ invoice, onClose }: { invoice: InvoiceSummary; onClose: () => void }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const formId = useId();
  const [paidOn, setPaidOn] = useState(() => formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr'));
  const [method, setMethod] = useState<Method>('transfer');
  const [error, setError] = useState<string>();
  const markPaid = useMarkInvoicePaid();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An emptied date field is sent as '' (refused), never left out (which would mean today).
    const parsed = markInvoicePaidSchema(locale).safeParse({ paidOn, method });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    markPaid.mutate(
      { id: invoice.id, input: parsed.data },
      {
        onSuccess: () => {
          notify.success(t('markPaid.done', { number: invoice.number }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('markPaid.title', { number: invoice.number })}
      description={t('markPaid.text', {
        buyer: invoice.buyerName,
        balance: formatMoney(invoice.balance, locale),
      })}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('actions.back')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={markPaid.isPending}>
            {t('markPaid.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        {markPaid.isError ? <Alert tone="error">{statusText(markPaid.error, locale)}</Alert> : null}
        <TextField
          label={t('markPaid.date')}
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
          error={error}
          name="paidOn"
        />
        <SelectField
          label={t('markPaid.method')}
          value={method}
          onChange={(event) => setMethod(event.target.value as Method)}
          name="method"
        >
          {PAYMENT_METHODS.map((value) => (
            <option key={value} value={value}>
              {t(`methods.${value}`)}
            </option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}
