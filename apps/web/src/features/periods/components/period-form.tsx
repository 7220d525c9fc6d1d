import { type PeriodInput, periodSchema, type UpdatePeriodInput, updatePeriodSchema } from '@inscrio/shared';
import { Save } from 'lucide-react';
import { useMemo } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import type { Option } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { type PeriodFormValues, toPeriodPayload } from './period-form-model';

const FIELDS = ['name', 'startDate', 'endDate', 'registrationOpensAt', 'establishmentId'];

/**
 * Name, dates, registration opening (a date and a time of the organisation) and establishment,
 * validated with the shared period schemas.
 */
export function PeriodForm({
  mode,
  defaultValues,
  establishments,
  submitLabel,
  onSubmit,
}: {
  mode: 'create' | 'update';
  defaultValues: PeriodFormValues;
  establishments: Option[];
  submitLabel: string;
  onSubmit: (input: PeriodInput | UpdatePeriodInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('periods');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const resolver = useMemo(
    () =>
      payloadResolver<PeriodFormValues, PeriodInput | UpdatePeriodInput>(
        mode === 'create' ? periodSchema(locale) : updatePeriodSchema(locale),
        (values) => toPeriodPayload(values, timeZone),
      ),
    [mode, locale, timeZone],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PeriodFormValues, unknown, PeriodInput | UpdatePeriodInput>({
    resolver,
    defaultValues,
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (input) => {
    try {
      await onSubmit(input);
      reset(undefined, { keepValues: true });
    } catch (error) {
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, '');
          if (FIELDS.includes(field))
            setError(field as FieldPath<PeriodFormValues>, { type: 'server', message: detail.message });
        }
      }
      notifyError(error);
    }
  });

  const openingError = errors.registrationOpensAt?.message;
  return (
    <form onSubmit={submit} noValidate className="grid gap-x-5 gap-y-4 sm:grid-cols-2" data-period-form="">
      <TextField
        className="sm:col-span-2"
        label={t('fields.name')}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        type="date"
        label={t('fields.startDate')}
        error={errors.startDate?.message}
        {...register('startDate')}
      />
      <TextField
        type="date"
        label={t('fields.endDate')}
        error={errors.endDate?.message}
        {...register('endDate')}
      />
      <fieldset className="grid gap-x-5 gap-y-2 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">
          {t('fields.registrationOpensAt')}
        </legend>
        <TextField
          type="date"
          label={t('fields.opensDate')}
          aria-invalid={openingError ? true : undefined}
          {...register('opensDate')}
        />
        <TextField
          type="time"
          label={t('fields.opensTime')}
          aria-invalid={openingError ? true : undefined}
          {...register('opensTime')}
        />
        {openingError ? (
          <p className="text-[13px] font-medium text-red-600 sm:col-span-2" data-field-error="">
            {openingError}
          </p>
        ) : (
          <p className="text-xs text-slate-500 sm:col-span-2">
            {t('fields.registrationOpensAtHint', { timeZone })}
          </p>
        )}
      </fieldset>
      <SelectField
        className="sm:col-span-2"
        label={t('fields.establishment')}
        error={errors.establishmentId?.message}
        {...register('establishmentId')}
      >
        {establishments.map((establishment) => (
          <option key={establishment.id} value={establishment.id}>
            {establishment.name}
          </option>
        ))}
      </SelectField>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={isSubmitting} disabled={mode === 'update' && !isDirty}>
          <Save aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
