import {
  centsToEuroInput,
  eurosToCents,
  formatMoney,
  type OrderDetail,
  offlinePaymentSchema,
} from '@inscrio/shared';
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
import { useCancelOrder, useRecordOfflinePayment } from '../api/order-actions';
import { useTimeZone } from '@/lib/use-time-zone';

const METHODS = ['transfer', 'cash', 'other'] as const;

/**
 * « Marquer comme payé »: the amount (prefilled with what is due), the day it was received and how.
 * Validated with the API's own schema before it is sent.
 */
export function MarkPaidDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const formId = useId();
  const due = order.amountDue;
  const [amount, setAmount] = useState(() => centsToEuroInput(due, locale));
  const [receivedOn, setReceivedOn] = useState(() => formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr'));
  const [method, setMethod] = useState<(typeof METHODS)[number]>('transfer');
  const [errors, setErrors] = useState<{ amount?: string; receivedOn?: string }>({});
  const record = useRecordOfflinePayment(order.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = eurosToCents(amount);
    const parsed = offlinePaymentSchema(locale).safeParse({
      amount: cents ?? Number.NaN,
      receivedOn,
      method,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'amount' || field === 'receivedOn') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: () => {
        notify.success(t('markPaid.done'));
        onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('markPaid.title')}
      description={t('markPaid.text', { due: formatMoney(due, locale) })}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('actions.back')}</Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={record.isPending} data-confirm-paid="">
            {t('markPaid.confirm')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        {record.isError ? <Alert tone="error">{statusText(record.error, locale)}</Alert> : null}
        <TextField
          label={t('markPaid.amount')}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
          hint="€"
          name="amount"
        />
        <TextField
          label={t('markPaid.date')}
          type="date"
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.target.value)}
          error={errors.receivedOn}
          name="receivedOn"
        />
        <SelectField
          label={t('markPaid.method')}
          value={method}
          onChange={(event) => setMethod(event.target.value as (typeof METHODS)[number])}
          name="method"
        >
          {METHODS.map((value) => (
            <option key={value} value={value}>
              {t(`methods.${value}`)}
            </option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}

/** « Annuler la commande »: asks first; the seats go back and the registrations are cancelled. */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: OrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const cancel = useCancelOrder(order.id);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title')}
      description={t('cancel.text')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{t('actions.back')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            loading={cancel.isPending}
            data-confirm-cancel=""
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => {
                  notify.success(t('cancel.done'));
                  onOpenChange(false);
                },
              })
            }
          >
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      {cancel.isError ? <Alert tone="error">{statusText(cancel.error, locale)}</Alert> : null}
      {order.paidAmount > 0 ? (
        <p className="text-sm text-slate-700">
          {t('cancel.paid', { amount: formatMoney(order.paidAmount, locale) })}
        </p>
      ) : null}
    </Dialog>
  );
}
