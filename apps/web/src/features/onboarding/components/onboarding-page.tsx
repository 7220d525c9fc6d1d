import { organizationCreateSchema, type OrganizationCreateInput } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, CalendarCheck, CreditCard, Rocket, Users } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PasswordField, SelectField, TextField } from '@/components/ui/form-field';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { organizationUrl } from '@/lib/organization-host';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useOnboardOrganization } from '../api/onboard-organization';

type FormValues = Record<keyof OrganizationCreateInput, string>;

const FIELDS: readonly Path<FormValues>[] = [
  'organizationName',
  'adminFirstName',
  'adminLastName',
  'contactEmail',
  'contactPhone',
  'timeZone',
  'password',
  'confirmPassword',
];

/** The time zones of the countries the platform serves (spec section 1). */
const TIME_ZONES = ['Europe/Brussels', 'Europe/Paris', 'Europe/Luxembourg'] as const;

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/10 text-white">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-white">{title}</span>
        <span className="block text-sm text-brand-100">{text}</span>
      </span>
    </li>
  );
}

/**
 * `/onboarding`: an organisation signs itself up (DESIGN.md section 9). The form and its rules are
 * complete; the API call it makes lands with the organisations domain.
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const schema = useMemo(() => organizationCreateSchema(locale), [locale]);
  const onboard = useOnboardOrganization();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, OrganizationCreateInput>({
    resolver: zodResolver(schema),
    defaultValues: {
      organizationName: '',
      adminFirstName: '',
      adminLastName: '',
      contactEmail: '',
      contactPhone: '',
      timeZone: 'Europe/Brussels',
      password: '',
      confirmPassword: '',
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await onboard.mutateAsync(values);
      // The new organisation lives on its own subdomain: its administrator signs in there.
      window.location.assign(
        organizationUrl(result.organization.key, paths.login.to({ email: values.contactEmail })),
      );
    } catch (error) {
      applyApiFieldErrors(error, setError, FIELDS);
      notifyError(error);
    }
  });

  return (
    <div className="grid w-full max-w-5xl overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-xl shadow-slate-900/[0.04] lg:grid-cols-5">
      <aside className="relative overflow-hidden bg-brand-800 px-6 py-8 sm:px-8 lg:col-span-2">
        <div className="absolute -top-20 -left-16 size-64 rounded-full bg-white/5" aria-hidden="true" />
        <div className="relative space-y-6">
          <div className="space-y-2">
            <p className="text-sm font-medium text-brand-200">{t('eyebrow')}</p>
            <h1 className="text-2xl font-bold tracking-tight text-white">{t('title')}</h1>
            <p className="text-sm text-brand-100">{t('description')}</p>
          </div>
          <ul className="space-y-4">
            <Benefit
              icon={<CalendarCheck className="size-4" aria-hidden="true" />}
              title={t('benefits.activities.title')}
              text={t('benefits.activities.text')}
            />
            <Benefit
              icon={<Users className="size-4" aria-hidden="true" />}
              title={t('benefits.families.title')}
              text={t('benefits.families.text')}
            />
            <Benefit
              icon={<CreditCard className="size-4" aria-hidden="true" />}
              title={t('benefits.payments.title')}
              text={t('benefits.payments.text')}
            />
          </ul>
        </div>
      </aside>
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-6 px-6 py-8 sm:px-8 lg:col-span-3"
        aria-label={t('title')}
      >
        <fieldset className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
          <legend className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Building2 className="size-4 text-brand-700" aria-hidden="true" />
            {t('sections.organization')}
          </legend>
          <TextField
            className="sm:col-span-2"
            label={t('fields.organizationName')}
            error={errors.organizationName?.message}
            {...register('organizationName')}
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
          <SelectField
            className="sm:col-span-2"
            label={t('fields.timeZone')}
            error={errors.timeZone?.message}
            {...register('timeZone')}
          >
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {t(`timeZones.${zone}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <hr className="border-slate-100" />
        <fieldset className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
          <legend className="mb-4 flex items-center gap-2 text-sm font-semibold text-slate-900">
            <Users className="size-4 text-brand-700" aria-hidden="true" />
            {t('sections.admin')}
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
          <Button type="submit" size="lg" loading={onboard.isPending}>
            <Rocket aria-hidden="true" />
            {t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
