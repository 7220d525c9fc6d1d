import {
  BELGIAN_VAT_EXEMPTION_MENTION,
  COUNTRY_OPTIONS,
  isCountryCode,
  type OrganizationSettings,
  organizationSettingsSchema,
  VAT_PREFIXES,
  VAT_REGIMES,
} from '@inscrio/shared';
import { FileText, Percent, ReceiptText } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dialPrefixFor } from '@/components/forms/address-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describedBy, FormField, SelectField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { BILLING_FIELDS, billingFormValues, toBillingPayload } from './billing-form-model';
import { LogoUploadField } from './logo-upload-field';
import { useSettingsStepForm } from './use-settings-step-form';
import { StepSaveButton } from './step-save-button';

/** An example VAT number per country, as a placeholder. */
const VAT_EXAMPLES: Record<string, string> = {
  BEL: 'BE0123456749',
  FRA: 'FR40303265045',
  LUX: 'LU15027442',
};

/**
 * The billing step: what invoices and credit notes print about the organisation (spec section 3). Complete
 * once the e-mail, phone, address, city, postal code, country and VAT number are set (spec section 5).
 */
export function BillingStep({ organization }: { organization: OrganizationSettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const mentionId = useId();
  const schema = useMemo(() => organizationSettingsSchema(locale), [locale]);
  const {
    register,
    submit,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useSettingsStepForm({
    organization,
    schema,
    toValues: billingFormValues,
    toPayload: toBillingPayload,
    fields: BILLING_FIELDS,
  });

  const country = watch('billingCountry');
  const regime = watch('vatRegime');
  const logoUrl = watch('documentLogoUrl');

  const countryField = register('billingCountry');
  const mentionHint = t('billing.vat.mentionHint', { mention: BELGIAN_VAT_EXEMPTION_MENTION });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-billing-form="">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ReceiptText className="size-5 text-slate-500" aria-hidden="true" />
            {t('billing.contact.title')}
          </CardTitle>
          <CardDescription>{t('billing.contact.hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('billing.fields.billingEmail')}
            type="email"
            autoComplete="off"
            error={errors.billingEmail?.message}
            {...register('billingEmail')}
          />
          <TextField
            label={t('billing.fields.billingPhone')}
            type="tel"
            autoComplete="off"
            error={errors.billingPhone?.message}
            {...register('billingPhone')}
          />
          <TextField
            className="sm:col-span-2"
            label={t('billing.fields.billingAddress')}
            autoComplete="off"
            error={errors.billingAddress?.message}
            {...register('billingAddress')}
          />
          <TextField
            label={t('billing.fields.billingPostalCode')}
            autoComplete="off"
            error={errors.billingPostalCode?.message}
            {...register('billingPostalCode')}
          />
          <TextField
            label={t('billing.fields.billingCity')}
            autoComplete="off"
            error={errors.billingCity?.message}
            {...register('billingCity')}
          />
          <SelectField
            label={t('billing.fields.billingCountry')}
            error={errors.billingCountry?.message}
            {...countryField}
            onChange={(event) => {
              void countryField.onChange(event);
              // As in the person forms: the phone starts with the country's dial prefix.
              const prefix = dialPrefixFor(event.target.value, getValues('billingPhone'));
              if (prefix) setValue('billingPhone', prefix, { shouldDirty: true });
            }}
          >
            <option value="">{t('billing.chooseCountry')}</option>
            {COUNTRY_OPTIONS.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </SelectField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Percent className="size-5 text-slate-500" aria-hidden="true" />
            {t('billing.vat.title')}
          </CardTitle>
          <CardDescription>{t('billing.vat.hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={t('billing.fields.vatNumber')}
            autoComplete="off"
            spellCheck={false}
            placeholder={VAT_EXAMPLES[country] ?? VAT_EXAMPLES.BEL}
            hint={
              isCountryCode(country)
                ? t('billing.vat.numberHint', { prefix: VAT_PREFIXES[country] })
                : undefined
            }
            error={errors.vatNumber?.message}
            {...register('vatNumber')}
            data-vat-number=""
          />
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              {t('billing.fields.vatRegime')}
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {VAT_REGIMES.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors',
                    regime === value
                      ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600'
                      : 'border-slate-200 hover:bg-slate-50',
                  )}
                  data-vat-regime={value}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      value={value}
                      className="accent-brand-700"
                      {...register('vatRegime')}
                    />
                    <span className="font-semibold text-slate-900">{t(`billing.regimes.${value}`)}</span>
                  </span>
                  <span className="text-sm text-slate-600">{t(`billing.regimes.${value}Hint`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {regime === 'exempt' ? (
            <FormField
              id={mentionId}
              className="sm:col-span-2"
              label={t('billing.fields.vatExemptionMention')}
              hint={mentionHint}
              error={errors.vatExemptionMention?.message}
            >
              <Textarea
                rows={2}
                {...describedBy(mentionId, errors.vatExemptionMention?.message, mentionHint)}
                {...register('vatExemptionMention')}
              />
            </FormField>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileText className="size-5 text-slate-500" aria-hidden="true" />
            {t('billing.documents.title')}
          </CardTitle>
          <CardDescription>{t('billing.documents.hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('billing.fields.invoiceDueDays')}
            type="number"
            inputMode="numeric"
            min={0}
            max={120}
            step={1}
            hint={t('billing.documents.dueDaysHint')}
            error={errors.invoiceDueDays?.message}
            {...register('invoiceDueDays')}
          />
          <LogoUploadField
            texts="billing"
            url={logoUrl}
            error={errors.documentLogoAssetId?.message}
            onChange={(asset) => {
              setValue('documentLogoAssetId', asset?.id ?? null, { shouldDirty: true });
              setValue('documentLogoUrl', asset?.url ?? null);
            }}
          />
        </CardContent>
      </Card>

      <StepSaveButton step="billing" dirty={isDirty} submitting={isSubmitting} />
    </form>
  );
}
