import {
  formatIban,
  type MollieStatus,
  type OrganizationSettings,
  PAYMENT_PROVIDERS,
  type PaymentProvider,
} from '@inscrio/shared';
import { Banknote, CreditCard, KeyRound, Landmark, ShieldCheck, Wallet } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useMollieStatus } from '../api/organization';
import { MollieCard } from './mollie-card';
import { paymentFormValues, paymentSchema, toPaymentPayload } from './payment-form-model';
import { useSettingsStepForm } from './use-settings-step-form';
import { StepSaveButton } from './step-save-button';

const PROVIDER_ICONS: Record<PaymentProvider, ReactNode> = {
  offline: <Landmark className="size-5" aria-hidden="true" />,
  mollie: <CreditCard className="size-5" aria-hidden="true" />,
  buckaroo: <Wallet className="size-5" aria-hidden="true" />,
};

const FIELDS = ['paymentProvider', 'iban', 'bic', 'buckarooWebsiteKey', 'buckarooSecretKey'] as const;

/** The Buckaroo secret: « Clé secrète enregistrée » with a replace action, or a field to type one. */
function SecretKeyField({
  secretKeySet,
  error,
  registration,
  onKeep,
}: {
  secretKeySet: boolean;
  error: string | undefined;
  registration: UseFormRegisterReturn<'buckarooSecretKey'>;
  onKeep: () => void;
}) {
  const { t } = useTranslation('organization-settings');
  const [replacing, setReplacing] = useState(false);
  if (secretKeySet && !replacing) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{t('buckaroo.secretKey')}</p>
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2"
          data-secret-saved=""
        >
          <span className="inline-flex items-center gap-2 text-sm font-medium text-emerald-900">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t('buckaroo.secretSaved')}
          </span>
          <Button variant="secondary" size="sm" onClick={() => setReplacing(true)} data-replace-secret="">
            {t('buckaroo.replace')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-1.5">
      <PasswordField
        label={t('buckaroo.secretKey')}
        autoComplete="new-password"
        error={error}
        hint={t('buckaroo.secretHint')}
        {...registration}
      />
      {secretKeySet ? (
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            onKeep();
            setReplacing(false);
          }}
        >
          {t('buckaroo.keep')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The payment step: which provider families pay with, the bank account for transfers (the IBAN makes
 * offline complete), the Buckaroo keys (the secret write-only), the Mollie connection.
 */
export function PaymentStep({ organization }: { organization: OrganizationSettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const mollie = useMollieStatus(organization.id);
  const mollieStatus: MollieStatus | undefined = mollie.data?.status;
  const schema = useMemo(
    () => paymentSchema(locale, { secretKeySet: organization.buckarooSecretKeySet, mollieStatus }),
    [locale, organization.buckarooSecretKeySet, mollieStatus],
  );
  const {
    register,
    submit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useSettingsStepForm({
    organization,
    schema,
    toValues: paymentFormValues,
    toPayload: toPaymentPayload,
    fields: FIELDS,
  });

  const provider = watch('paymentProvider');

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-payment-form="">
      <Card>
        <CardHeader>
          <CardTitle>{t('provider.title')}</CardTitle>
          <CardDescription>{t('provider.hint')}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset>
            <legend className="sr-only">{t('provider.title')}</legend>
            <div className="grid gap-3 md:grid-cols-3">
              {PAYMENT_PROVIDERS.values.map((value) => (
                <label
                  key={value}
                  className={cn(
                    'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-4 transition-colors',
                    provider === value
                      ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600'
                      : 'border-slate-200 hover:bg-slate-50',
                  )}
                  data-provider={value}
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      value={value}
                      className="accent-brand-700"
                      {...register('paymentProvider')}
                    />
                    <span className="text-brand-700">{PROVIDER_ICONS[value]}</span>
                    <span className="font-semibold text-slate-900">
                      {PAYMENT_PROVIDERS.label(value, locale)}
                    </span>
                    {organization.paymentProvider === value ? (
                      <Badge variant="success" className="ml-auto">
                        {t('provider.active')}
                      </Badge>
                    ) : null}
                  </span>
                  <span className="text-sm text-slate-600">{t(`provider.descriptions.${value}`)}</span>
                </label>
              ))}
            </div>
            {errors.paymentProvider?.message ? (
              <p className="mt-2 text-[13px] font-medium text-red-600" data-field-error="">
                {errors.paymentProvider.message}
              </p>
            ) : null}
          </fieldset>
        </CardContent>
      </Card>

      {provider === 'mollie' ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <CreditCard className="size-5 text-slate-500" aria-hidden="true" />
              {t('mollie.title')}
            </CardTitle>
            <CardDescription>{t('mollie.hint')}</CardDescription>
          </CardHeader>
          <CardContent>
            <MollieCard organizationId={organization.id} />
          </CardContent>
        </Card>
      ) : null}

      {provider === 'buckaroo' ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-5 text-slate-500" aria-hidden="true" />
              {t('buckaroo.title')}
            </CardTitle>
            <CardDescription>{t('buckaroo.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('buckaroo.websiteKey')}
              autoComplete="off"
              spellCheck={false}
              error={errors.buckarooWebsiteKey?.message}
              {...register('buckarooWebsiteKey')}
            />
            <SecretKeyField
              secretKeySet={organization.buckarooSecretKeySet}
              error={errors.buckarooSecretKey?.message}
              registration={register('buckarooSecretKey')}
              onKeep={() => setValue('buckarooSecretKey', '')}
            />
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Banknote className="size-5 text-slate-500" aria-hidden="true" />
            {t('bank.title')}
          </CardTitle>
          <CardDescription>
            {provider === 'offline' ? t('bank.hintOffline') : t('bank.hintOther')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <TextField
            label={provider === 'offline' ? t('bank.iban') : t('bank.ibanOptional')}
            autoComplete="off"
            spellCheck={false}
            placeholder="BE71 0961 2345 6769"
            error={errors.iban?.message}
            {...register('iban', {
              // Shown grouped by four once typed, as on a bank statement.
              onBlur: (event: { target: { value: string } }) => {
                const value = event.target.value.trim();
                if (value) setValue('iban', formatIban(value));
              },
            })}
            data-iban=""
          />
          <TextField
            label={t('bank.bic')}
            autoComplete="off"
            spellCheck={false}
            placeholder="GEBABEBB"
            error={errors.bic?.message}
            {...register('bic')}
          />
        </CardContent>
      </Card>

      <StepSaveButton step="payment" dirty={isDirty} submitting={isSubmitting} />
    </form>
  );
}
