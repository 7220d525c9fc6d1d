import { GENDERS } from '@inscrio/shared';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useLocale } from '@/lib/use-locale';

export type PersonFieldName =
  | 'gender'
  | 'firstName'
  | 'lastName'
  | 'birthdate'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'country'
  | 'phoneNumber'
  | 'email';

/** What a form gives each field: its registration (under the form's own path) and its message. */
export type BindPersonField = (name: PersonFieldName) => {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
};

const today = () => new Date().toISOString().slice(0, 10);

/** A titled group of fields, two columns from small screens up. */
export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`grid gap-x-5 gap-y-4 sm:grid-cols-2 ${className ?? ''}`}>
      <legend className="contents">
        <span className="block text-sm font-semibold text-slate-900 sm:col-span-2">{title}</span>
      </legend>
      {description ? <p className="-mt-2 text-sm text-slate-500 sm:col-span-2">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** Gender, names and birthdate: what every person has (a member or a family member). */
export function IdentityFields({ bind }: { bind: BindPersonField }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const field = (name: PersonFieldName) => {
    const { registration, error } = bind(name);
    return { ...registration, error };
  };
  return (
    <>
      <TextField label={t('fields.firstName')} autoComplete="off" {...field('firstName')} />
      <TextField label={t('fields.lastName')} autoComplete="off" {...field('lastName')} />
      <SelectField label={t('fields.gender')} {...field('gender')}>
        <option value="">{t('fields.choose')}</option>
        {GENDERS.values.map((value) => (
          <option key={value} value={value}>
            {GENDERS.label(value, locale)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('fields.birthdate')}
        type="date"
        max={today()}
        min="1900-01-01"
        {...field('birthdate')}
      />
    </>
  );
}

/** Phone number and e-mail. */
export function ContactFields({ bind }: { bind: BindPersonField }) {
  const { t } = useTranslation('members');
  const field = (name: PersonFieldName) => {
    const { registration, error } = bind(name);
    return { ...registration, error };
  };
  return (
    <>
      <TextField
        label={t('fields.phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+32 470 12 34 56"
        {...field('phoneNumber')}
      />
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        hint={t('fields.emailHint')}
        {...field('email')}
      />
    </>
  );
}
