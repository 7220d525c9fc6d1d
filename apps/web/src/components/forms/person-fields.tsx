import { GENDERS, TEXT_LIMITS } from '@inscrio/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/form-field';
import { useLocale } from '@/lib/use-locale';
import type { AddressFieldName } from './address-fields';

export type PersonFieldName =
  'firstName' | 'lastName' | 'gender' | 'birthdate' | AddressFieldName | 'phoneNumber' | 'email';

/** What a form gives each of the fields `N`: its registration (under the form's own path) and its message. */
export type BindFields<N extends PersonFieldName> = (name: N) => {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
};

/** A form that has every person field. */
export type BindPersonField = BindFields<PersonFieldName>;

const today = () => new Date().toISOString().slice(0, 10);

function fieldOf<N extends PersonFieldName>(bind: BindFields<N>, name: N) {
  const { registration, error } = bind(name);
  return { ...registration, error };
}

/**
 * First name, last name, gender and birthdate: the identity block of every person form (the sign-up, a
 * family member, a member created by a manager). `own`: the user's own identity, which the browser may
 * fill in; not for someone else's.
 */
export function IdentityFields({
  bind,
  own = false,
}: {
  bind: BindFields<'firstName' | 'lastName' | 'gender' | 'birthdate'>;
  own?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <TextField
        label={t('person.firstName')}
        autoComplete={own ? 'given-name' : 'off'}
        maxLength={TEXT_LIMITS.personName}
        {...fieldOf(bind, 'firstName')}
      />
      <TextField
        label={t('person.lastName')}
        autoComplete={own ? 'family-name' : 'off'}
        maxLength={TEXT_LIMITS.personName}
        {...fieldOf(bind, 'lastName')}
      />
      <GenderBirthdateFields bind={bind} own={own} />
    </>
  );
}

/** Gender and birthdate (the profile edits the names apart). */
export function GenderBirthdateFields({
  bind,
  own = false,
}: {
  bind: BindFields<'gender' | 'birthdate'>;
  own?: boolean;
}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <>
      <SelectField label={t('person.gender')} {...fieldOf(bind, 'gender')}>
        <option value="">{t('person.choose')}</option>
        {GENDERS.values.map((value) => (
          <option key={value} value={value}>
            {GENDERS.label(value, locale)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('person.birthdate')}
        type="date"
        max={today()}
        min="1900-01-01"
        autoComplete={own ? 'bday' : 'off'}
        {...fieldOf(bind, 'birthdate')}
      />
    </>
  );
}

/** The phone number, with an example of the chosen country's format. */
export function PhoneField({
  bind,
  own = false,
  placeholder = '+32 470 12 34 56',
}: {
  bind: BindFields<'phoneNumber'>;
  own?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <TextField
      label={t('person.phoneNumber')}
      type="tel"
      inputMode="tel"
      autoComplete={own ? 'tel' : 'off'}
      placeholder={placeholder}
      maxLength={TEXT_LIMITS.phone}
      {...fieldOf(bind, 'phoneNumber')}
    />
  );
}
