import {
  HOLD_MINUTES_LIMITS,
  INVITATION_HOURS_LIMITS,
  LOCALES,
  organizationConfigurationPath,
  type OrganizationSettings,
  organizationSettingsSchema,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { ArrowRight, Building2, Clock, Mail, Ticket } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useLocale } from '@/lib/use-locale';
import {
  GENERAL_FIELDS,
  generalFormValues,
  NEARBY_TIME_ZONES,
  timeZoneOptions,
  toGeneralPayload,
} from './general-form-model';
import { useSettingsStepForm } from './use-settings-step-form';
import { StepSaveButton } from './step-save-button';
import { LogoUploadField } from './logo-upload-field';

/**
 * The general step (« Général », issue #19): the organisation's name, logo, time zone, default language
 * and contact, and how long a cart holds its seats and an invitation stays open. The recovery and
 * cancellation rules keep their own step, linked from here; the reminder e-mail the day before sessions
 * is in the « Communications » step. Saved through `PATCH /organizations/{id}`;
 * the header and the menu show a new name or logo at once.
 */
export function GeneralStep({ organization }: { organization: OrganizationSettings }) {
  const { t } = useTranslation('organization-settings');
  const locale = useLocale();
  const schema = useMemo(() => organizationSettingsSchema(locale), [locale]);
  const {
    register,
    submit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useSettingsStepForm({
    organization,
    schema,
    toValues: generalFormValues,
    toPayload: toGeneralPayload,
    fields: GENERAL_FIELDS,
  });
  const logoUrl = watch('logoUrl');
  const timeZone = watch('timeZone');
  const otherZones = useMemo(
    () =>
      timeZoneOptions(timeZone).filter((zone) => !(NEARBY_TIME_ZONES as readonly string[]).includes(zone)),
    [timeZone],
  );

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-6" data-general-form="">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Building2 className="size-5 text-slate-500" aria-hidden="true" />
              {t('general.identity.title')}
            </CardTitle>
            <CardDescription>{t('general.identity.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              className="sm:col-span-2"
              label={t('general.fields.name')}
              autoComplete="organization"
              maxLength={TEXT_LIMITS.organizationName}
              hint={t('general.identity.nameHint', { key: organization.key })}
              error={errors.name?.message}
              {...register('name')}
              data-organization-name=""
            />
            <LogoUploadField
              texts="general"
              url={logoUrl}
              error={errors.logoAsset?.message}
              onChange={(asset) => {
                setValue('logoAsset', asset?.id ?? null, { shouldDirty: true });
                setValue('logoUrl', asset?.url ?? null);
              }}
            />
            <SelectField
              label={t('general.fields.timeZone')}
              hint={t('general.identity.timeZoneHint')}
              error={errors.timeZone?.message}
              {...register('timeZone')}
              data-time-zone=""
            >
              <optgroup label={t('general.timeZones.nearby')}>
                {NEARBY_TIME_ZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {t(`general.timeZones.${zone}`)}
                  </option>
                ))}
              </optgroup>
              <optgroup label={t('general.timeZones.all')}>
                {otherZones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </optgroup>
            </SelectField>
            <SelectField
              label={t('general.fields.defaultLocale')}
              hint={t('general.identity.localeHint')}
              error={errors.defaultLocale?.message}
              {...register('defaultLocale')}
            >
              {LOCALES.map((value) => (
                <option key={value} value={value}>
                  {t(`general.locales.${value}`)}
                </option>
              ))}
            </SelectField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail className="size-5 text-slate-500" aria-hidden="true" />
              {t('general.contact.title')}
            </CardTitle>
            <CardDescription>{t('general.contact.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('general.fields.contactEmail')}
              type="email"
              autoComplete="off"
              maxLength={TEXT_LIMITS.email}
              error={errors.contactEmail?.message}
              {...register('contactEmail')}
            />
            <TextField
              label={t('general.fields.contactPhone')}
              type="tel"
              autoComplete="off"
              maxLength={TEXT_LIMITS.phone}
              error={errors.contactPhone?.message}
              {...register('contactPhone')}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Clock className="size-5 text-slate-500" aria-hidden="true" />
              {t('general.registrations.title')}
            </CardTitle>
            <CardDescription>{t('general.registrations.hint')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('general.fields.holdMinutes')}
              type="number"
              inputMode="numeric"
              min={HOLD_MINUTES_LIMITS.min}
              max={HOLD_MINUTES_LIMITS.max}
              step={1}
              hint={t('general.registrations.holdHint', { default: HOLD_MINUTES_LIMITS.default })}
              error={errors.holdMinutes?.message}
              {...register('holdMinutes')}
            />
            <TextField
              label={t('general.fields.invitationHours')}
              type="number"
              inputMode="numeric"
              min={INVITATION_HOURS_LIMITS.min}
              max={INVITATION_HOURS_LIMITS.max}
              step={1}
              hint={t('general.registrations.invitationHint', { default: INVITATION_HOURS_LIMITS.default })}
              error={errors.invitationHours?.message}
              {...register('invitationHours')}
            />
            <Link
              to={organizationConfigurationPath(organization.id, 'recovery')}
              replace
              className="group flex items-center gap-3 rounded-xl border border-slate-200 p-4 text-sm transition-colors hover:bg-slate-50 sm:col-span-2"
              data-recovery-link=""
            >
              <Ticket className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{t('general.recovery.title')}</span>
                <span className="block text-slate-600">{t('general.recovery.hint')}</span>
              </span>
              <ArrowRight
                className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </CardContent>
        </Card>

        <StepSaveButton step="general" dirty={isDirty} submitting={isSubmitting} />
      </form>
    </div>
  );
}
