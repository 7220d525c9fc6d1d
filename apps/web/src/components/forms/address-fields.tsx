import { COUNTRY_OPTIONS, countryIndicative, TEXT_LIMITS } from '@inscrio/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/form-field';

export type AddressFieldName = 'address' | 'postalCode' | 'city' | 'country';

/** What a form gives each field: its registration (under the form's own path) and its message. */
export type BindAddressField = (name: AddressFieldName) => {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
};

/**
 * The dial prefix to start the phone number with once `country` is picked, or null to leave the number
 * alone: only an empty number, or one that is just another country's prefix, is replaced.
 */
export function dialPrefixFor(country: string, currentPhone: string | null | undefined): string | null {
  const phone = (currentPhone ?? '').trim();
  const onlyPrefix = COUNTRY_OPTIONS.some((option) => phone === option.indicative);
  const prefix = countryIndicative(country);
  return prefix && (phone === '' || onlyPrefix) ? `${prefix} ` : null;
}

/**
 * Address, postal code, city and country (with its dial prefix): the person form's address block, the
 * same in the sign-up, the profile, a family member and a member created by a manager.
 */
export function AddressFields({
  bind,
  onCountryChange,
  optional = false,
  ownAddress = false,
}: {
  bind: BindAddressField;
  onCountryChange?: (code: string) => void;
  /** Family members: each field may stay empty. */
  optional?: boolean;
  /** The user's own address, which the browser may fill in; not for someone else's. */
  ownAddress?: boolean;
}) {
  const { t } = useTranslation('common');
  const label = (name: AddressFieldName) =>
    optional ? t('person.optional', { label: t(`person.${name}`) }) : t(`person.${name}`);
  const field = (name: AddressFieldName) => {
    const { registration, error } = bind(name);
    return { ...registration, error };
  };
  const autoComplete = (value: string) => (ownAddress ? value : 'off');
  const country = bind('country');
  return (
    <>
      <TextField
        className="sm:col-span-2"
        label={label('address')}
        autoComplete={autoComplete('street-address')}
        maxLength={TEXT_LIMITS.address}
        {...field('address')}
      />
      <TextField
        label={label('postalCode')}
        autoComplete={autoComplete('postal-code')}
        maxLength={TEXT_LIMITS.postalCode}
        {...field('postalCode')}
      />
      <TextField
        label={label('city')}
        autoComplete={autoComplete('address-level2')}
        maxLength={TEXT_LIMITS.city}
        {...field('city')}
      />
      <SelectField
        label={label('country')}
        autoComplete={autoComplete('country')}
        error={country.error}
        {...country.registration}
        onChange={(event) => {
          void country.registration.onChange(event);
          onCountryChange?.(event.target.value);
        }}
      >
        <option value="">{t('person.choose')}</option>
        {COUNTRY_OPTIONS.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name} ({option.indicative})
          </option>
        ))}
      </SelectField>
    </>
  );
}
