import { COUNTRY_OPTIONS, type EstablishmentInput, establishmentSchema } from '@inscrio/shared';
import { Save } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form-field';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import type { Establishment } from '../api/types';

export interface EstablishmentFormValues {
  name: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  contactEmail: string;
  contactPhone: string;
}

const FIELDS: readonly Path<EstablishmentFormValues>[] = [
  'name',
  'address',
  'city',
  'postalCode',
  'country',
  'contactEmail',
  'contactPhone',
];

/** The form's values for an establishment (empty strings for what is not set). */
export function establishmentFormValues(establishment?: Establishment | null): EstablishmentFormValues {
  return {
    name: establishment?.name ?? '',
    address: establishment?.address ?? '',
    city: establishment?.city ?? '',
    postalCode: establishment?.postalCode ?? '',
    country: establishment?.country ?? '',
    contactEmail: establishment?.contactEmail ?? '',
    contactPhone: establishment?.contactPhone ?? '',
  };
}

/**
 * Name, address, city, postal code, country, contact e-mail and phone, validated with the shared
 * establishment rules; the time zone is the organisation's and only shown.
 */
export function EstablishmentForm({
  defaultValues,
  timeZone,
  submitLabel,
  onSubmit,
  secondaryAction,
}: {
  defaultValues: EstablishmentFormValues;
  timeZone: string;
  submitLabel: string;
  /** Saves; a rejection puts the API's field messages under the fields and notifies the error. */
  onSubmit: (input: EstablishmentInput) => Promise<unknown>;
  secondaryAction?: ReactNode;
}) {
  const { t } = useTranslation('establishments');
  const locale = useLocale();
  const schema = useMemo(() => establishmentSchema(locale), [locale]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EstablishmentFormValues, unknown, EstablishmentInput>({
    resolver: payloadResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (input) => {
    try {
      await onSubmit(input);
      reset(undefined, { keepValues: true });
    } catch (error) {
      applyApiFieldErrors(error, setError, FIELDS);
      notifyError(error);
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-x-5 gap-y-4 sm:grid-cols-2"
      data-establishment-form=""
    >
      <TextField
        className="sm:col-span-2"
        label={t('fields.name')}
        error={errors.name?.message}
        autoComplete="organization"
        {...register('name')}
      />
      <TextField
        className="sm:col-span-2"
        label={t('fields.address')}
        error={errors.address?.message}
        autoComplete="street-address"
        {...register('address')}
      />
      <TextField
        label={t('fields.postalCode')}
        error={errors.postalCode?.message}
        autoComplete="postal-code"
        {...register('postalCode')}
      />
      <TextField
        label={t('fields.city')}
        error={errors.city?.message}
        autoComplete="address-level2"
        {...register('city')}
      />
      <SelectField label={t('fields.country')} error={errors.country?.message} {...register('country')}>
        <option value="">{t('fields.countryNone')}</option>
        {COUNTRY_OPTIONS.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.timeZone')}
        value={timeZone}
        readOnly
        disabled
        hint={t('fields.timeZoneHint')}
      />
      <TextField
        label={t('fields.contactEmail')}
        type="email"
        autoComplete="email"
        error={errors.contactEmail?.message}
        {...register('contactEmail')}
      />
      <TextField
        label={t('fields.contactPhone')}
        type="tel"
        autoComplete="tel"
        error={errors.contactPhone?.message}
        {...register('contactPhone')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <div>{secondaryAction}</div>
        <Button type="submit" loading={isSubmitting}>
          <Save aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
