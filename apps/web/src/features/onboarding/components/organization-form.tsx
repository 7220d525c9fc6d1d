import {
  COUNTRY_OPTIONS,
  type CountryCode,
  type OrganizationCreateByAdminInput,
  organizationCreateByAdminSchema,
  organizationKeyFromName,
  timeZoneOfCountry,
} from '@inscrio/shared';
import { Building2, Check, CircleAlert, Rocket, Users } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PasswordField, SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { hasErrorCode } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { currentHost } from '@/lib/organization-host';
import { useLocale } from '@/lib/use-locale';
import { useKeyAvailability } from '../api/key-availability';
import type { PricingPlan } from '../api/get-pricing-plans';

export type OrganizationFormValues = Record<keyof OrganizationCreateByAdminInput, string>;

const FIELDS: readonly Path<OrganizationFormValues>[] = [
  'organizationName',
  'organizationKey',
  'country',
  'adminFirstName',
  'adminLastName',
  'contactEmail',
  'contactPhone',
  'timeZone',
  'password',
  'confirmPassword',
  'planKey',
];

/** The time zones of the countries the platform serves (spec section 1). */
const TIME_ZONES = ['Europe/Brussels', 'Europe/Paris', 'Europe/Luxembourg'] as const;

const DEFAULT_COUNTRY: CountryCode = 'BEL';

function KeyStatus({
  keyValue,
  suggestions,
  onPick,
}: {
  keyValue: string;
  suggestions: string[];
  onPick: (key: string) => void;
}) {
  const { t } = useTranslation('onboarding');
  const availability = useKeyAvailability(keyValue);
  const answer = availability.data;
  const offered = answer && !answer.available ? answer.suggestions : suggestions;
  let status: ReactNode = null;
  if (availability.settled && availability.isFetching && !answer) {
    status = (
      <span className="inline-flex items-center gap-1.5 text-slate-600">
        <Spinner className="size-3.5" /> {t('key.checking')}
      </span>
    );
  } else if (answer?.available) {
    status = (
      <span
        className="inline-flex items-center gap-1.5 font-medium text-emerald-700"
        data-key-status="available"
      >
        <Check className="size-3.5" aria-hidden="true" /> {t('key.available')}
      </span>
    );
  } else if (answer?.reason === 'taken' || answer?.reason === 'reserved') {
    status = (
      <span
        className="inline-flex items-center gap-1.5 font-medium text-red-700"
        data-key-status={answer.reason}
      >
        <CircleAlert className="size-3.5" aria-hidden="true" /> {t(`key.${answer.reason}`)}
      </span>
    );
  } else if (availability.isError) {
    status = <span className="text-slate-600">{t('key.unknown')}</span>;
  }
  return (
    <div className="space-y-2 text-sm" aria-live="polite">
      {status}
      {offered.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600">{t('key.suggestions')}</span>
          {offered.map((suggestion) => (
            <Button
              key={suggestion}
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => onPick(suggestion)}
              data-key-suggestion={suggestion}
            >
              {suggestion}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export interface OrganizationFormProps {
  /** The plans a system administrator may pick; absent on the public sign-up (free trial). */
  plans?: PricingPlan[];
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: OrganizationCreateByAdminInput) => Promise<unknown>;
}

/**
 * The organisation create form (spec sections 3 and 5): the organisation with its key (subdomain,
 * suggested from the name, checked live), country (sets the time zone) and first administrator. Shared
 * by `/onboarding` and `/organizations/create`.
 */
export function OrganizationForm({ plans, submitLabel, pending, onSubmit }: OrganizationFormProps) {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const schema = useMemo(() => organizationCreateByAdminSchema(locale), [locale]);
  const [keyEdited, setKeyEdited] = useState(false);
  const [serverSuggestions, setServerSuggestions] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<OrganizationFormValues, unknown, OrganizationCreateByAdminInput>({
    resolver: payloadResolver(schema),
    defaultValues: {
      organizationName: '',
      organizationKey: '',
      country: DEFAULT_COUNTRY,
      adminFirstName: '',
      adminLastName: '',
      contactEmail: '',
      contactPhone: '',
      timeZone: timeZoneOfCountry(DEFAULT_COUNTRY),
      password: '',
      confirmPassword: '',
      planKey: '',
    },
    mode: 'onTouched',
  });
  const keyValue = useWatch({ control, name: 'organizationKey' });
  const host = currentHost();

  const pickKey = (key: string) => {
    setKeyEdited(true);
    setServerSuggestions([]);
    setValue('organizationKey', key, { shouldValidate: true, shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (hasErrorCode(error, 'organization_key_taken', 'organization_key_reserved')) {
        setServerSuggestions(error.details.flatMap((detail) => detail.suggestions ?? []));
      }
      const onField = applyApiFieldErrors(error, setError, FIELDS);
      if (!onField) notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={submitLabel}>
      <fieldset className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <legend className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Building2 className="size-4 text-brand-700" aria-hidden="true" />
          {t(plans ? 'sections.platformOrganization' : 'sections.organization')}
        </legend>
        <TextField
          className="sm:col-span-2"
          label={t('fields.organizationName')}
          error={errors.organizationName?.message}
          {...register('organizationName', {
            onChange: (event: { target: { value: string } }) => {
              if (keyEdited) return;
              // Revalidated once the form was submitted, so an error under the key does not outlive it.
              setValue('organizationKey', organizationKeyFromName(event.target.value), {
                shouldValidate: isSubmitted,
              });
            },
          })}
        />
        <div className="space-y-2 sm:col-span-2">
          <TextField
            label={t(plans ? 'fields.platformOrganizationKey' : 'fields.organizationKey')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            hint={t('key.hint', {
              address: `${host.protocol}//${keyValue || t('key.placeholder')}.${host.baseHost}`,
            })}
            error={errors.organizationKey?.message}
            {...register('organizationKey', {
              onChange: () => {
                setKeyEdited(true);
                setServerSuggestions([]);
              },
            })}
          />
          <KeyStatus keyValue={keyValue} suggestions={serverSuggestions} onPick={pickKey} />
        </div>
        <SelectField
          label={t('fields.country')}
          error={errors.country?.message}
          {...register('country', {
            onChange: (event: { target: { value: string } }) => {
              const option = COUNTRY_OPTIONS.find((candidate) => candidate.code === event.target.value);
              if (option) setValue('timeZone', timeZoneOfCountry(option.code));
            },
          })}
        >
          {COUNTRY_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {t(`countries.${option.code}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('fields.timeZone')} error={errors.timeZone?.message} {...register('timeZone')}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {t(`timeZones.${zone}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.contactEmail')}
          type="email"
          autoComplete="email"
          hint={t('hints.contactEmail')}
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
        {plans ? (
          <SelectField
            className="sm:col-span-2"
            label={t('fields.planKey')}
            error={errors.planKey?.message}
            {...register('planKey')}
          >
            <option value="">{t('plans.default')}</option>
            {plans.map((plan) => (
              <option key={plan.key} value={plan.key}>
                {plan.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </fieldset>
      <hr className="border-slate-100" />
      <fieldset className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <legend className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Users className="size-4 text-brand-700" aria-hidden="true" />
          {t(plans ? 'sections.platformAdmin' : 'sections.admin')}
        </legend>
        <TextField
          label={t('fields.adminFirstName')}
          autoComplete="given-name"
          error={errors.adminFirstName?.message}
          {...register('adminFirstName')}
        />
        <TextField
          label={t('fields.adminLastName')}
          autoComplete="family-name"
          error={errors.adminLastName?.message}
          {...register('adminLastName')}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="new-password"
          hint={t('hints.password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      <div className="flex justify-end border-t border-slate-100 pt-6">
        <Button type="submit" size="lg" loading={pending} className="w-full sm:w-auto">
          <Rocket aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
