import { useTranslation } from 'react-i18next';
import { type BindFields, PhoneField } from '@/components/forms/person-fields';
import { TextField } from '@/components/ui/form-field';

/** Phone number and e-mail. */
export function ContactFields({ bind }: { bind: BindFields<'phoneNumber' | 'email'> }) {
  const { t } = useTranslation('members');
  const { registration, error } = bind('email');
  return (
    <>
      <PhoneField bind={bind} />
      <TextField
        label={t('fields.email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        hint={t('fields.emailHint')}
        {...registration}
        error={error}
      />
    </>
  );
}
