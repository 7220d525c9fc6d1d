import { formatMoney, TEXT_LIMITS } from '@inscrio/shared';
import { Plus, Trash2 } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useLocale } from '@/lib/use-locale';
import { type LineFormValues, linesTotal } from '../utils/document-lines';

export const LINE_FIELDS = ['description', 'quantity', 'unitPrice', 'taxPercentage'] as const;
export type LineField = (typeof LINE_FIELDS)[number];

/** What a form gives each field of a line: its registration and its message. */
export type BindLineField = (
  index: number,
  field: LineField,
) => { registration: UseFormRegisterReturn; error?: string | undefined };

/** Every line's field paths, for the API's field messages (`lines.0.unitPrice`). */
export function linePaths(count: number): `lines.${number}.${LineField}`[] {
  return Array.from({ length: count }, (_, index) =>
    LINE_FIELDS.map((field) => `lines.${index}.${field}` as const),
  ).flat();
}

/**
 * Lines typed by a manager: description, quantity, unit price (euros, VAT included) and VAT rate (%),
 * each line's amount and the running total as they type.
 */
export function LinesEditor({
  keys,
  lines,
  bind,
  onAdd,
  onRemove,
  addLabel,
  minLines,
}: {
  /** The field array's ids, one per line. */
  keys: string[];
  /** The lines as typed (watched), for the amounts. */
  lines: LineFormValues[];
  bind: BindLineField;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  /** A free invoice keeps at least one line. */
  minLines: number;
}) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const field = (index: number, name: LineField) => {
    const { registration, error } = bind(index, name);
    return { ...registration, error };
  };

  return (
    <div className="space-y-3">
      {keys.length > 0 ? <p className="text-xs text-slate-500">{t('lines.hint')}</p> : null}
      {keys.map((key, index) => {
        const amount = linesTotal(lines[index] ? [lines[index]] : []).total;
        return (
          <fieldset
            key={key}
            className="rounded-xl border border-slate-200 p-3 sm:p-4"
            data-line-index={index}
          >
            <legend className="sr-only">{t('lines.legend', { index: index + 1 })}</legend>
            <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_4.5rem] gap-3 md:grid-cols-[minmax(0,1fr)_5.5rem_7.5rem_5.5rem]">
              <TextField
                className="col-span-3 md:col-span-1"
                label={t('lines.description')}
                autoComplete="off"
                maxLength={TEXT_LIMITS.invoiceLine}
                {...field(index, 'description')}
              />
              <TextField label={t('lines.quantity')} inputMode="numeric" {...field(index, 'quantity')} />
              <TextField label={t('lines.unitPrice')} inputMode="decimal" {...field(index, 'unitPrice')} />
              <TextField
                label={t('lines.taxPercentage')}
                inputMode="decimal"
                {...field(index, 'taxPercentage')}
              />
            </div>
            <div className="mt-3 flex items-center justify-between gap-3 text-sm">
              <span className="text-slate-600">
                {t('lines.amount')}{' '}
                <span className="font-semibold text-slate-900 tabular-nums" data-line-amount="">
                  {formatMoney(amount, locale)}
                </span>
              </span>
              {keys.length > minLines ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemove(index)}
                  aria-label={t('lines.remove', { index: index + 1 })}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="hidden sm:inline">{t('lines.removeShort')}</span>
                </Button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
      <Button variant="secondary" size="sm" onClick={onAdd}>
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
    </div>
  );
}

/** 'Total TVAC' and 'dont TVA' of what is typed so far. */
export function DocumentTotal({ total, tax, label }: { total: number; tax: number; label: string }) {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  return (
    <dl className="space-y-1 rounded-xl bg-slate-50 px-4 py-3 text-sm" data-document-total="">
      <div className="flex justify-between gap-3 text-slate-600">
        <dt>{t('lines.tax')}</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatMoney(tax, locale)}</dd>
      </div>
      <div className="flex justify-between gap-3 text-base font-semibold text-slate-900">
        <dt>{label}</dt>
        <dd className="whitespace-nowrap tabular-nums" data-total-amount="">
          {formatMoney(total, locale)}
        </dd>
      </div>
    </dl>
  );
}
