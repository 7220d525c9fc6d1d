import { personSchemaWithPassword, type SignUpInput } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormSection } from '@/components/forms/form-section';
import { IdentityFields, type PersonFieldName, PhoneField } from '@/components/forms/person-fields';
import { AddressFields, dialPrefixFor } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { paths, QUERY, safeRedirect } from '@/lib/paths';
import { completeSignIn } from '@/lib/session';
import { useAddressOrganization } from '@/lib/organization-context';
import { useLocale } from '@/lib/use-locale';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';

const FIELDS: readonly Path<SignUpInput>[] = [
  'gender',
  'firstName',
  'lastName',
  'birthdate',
  'address',
  'city',
  'postalCode',
  'country',
  'phoneNumber',
  'email',
  'password',
  'confirmPassword',
];

/** Gender and country start unselected: their selects show 'Choisir…' and submit ''. */
const EMPTY: DefaultValues<SignUpInput> = {
  firstName: '',
  lastName: '',
  birthdate: '',
  address: '',
  city: '',
  postalCode: '',
  phoneNumber: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** `/register`: the person form with its password, validated with the shared rules (spec section 5). */
/** The sign-up's sections are set apart by a line. */
const SEPARATED = 'border-t border-slate-100 pt-6 first:border-t-0 first:pt-0';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  // Like the login, the sign-up goes back where the visitor came from (e.g. an invitation link).
  const [searchParams] = useSearchParams();
  const organization = useAddressOrganization();
  const schema = useMemo(() => personSchemaWithPassword(locale), [locale]);
  const signUp = useSignUp();
  // Signing up from an invitation: the account must have the invited address, so it is locked.
  const invitedEmail = searchParams.get(QUERY.email)?.trim() || null;

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<SignUpInput, unknown, SignUpInput>({
    resolver: zodResolver(schema),
    defaultValues: invitedEmail ? { ...EMPTY, email: invitedEmail } : EMPTY,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  // Picking a country starts the phone number with its dial prefix, unless a number is already typed.
  const onCountryChange = (code: string) => {
    const prefix = dialPrefixFor(code, getValues('phoneNumber'));
    if (prefix) setValue('phoneNumber', prefix);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signUp.mutateAsync(values);
      completeSignIn(result);
      navigate(safeRedirect(searchParams.get(QUERY.redirect)), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'email_taken') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(error, setError, FIELDS);
      }
      notifyError(error);
    }
  });

  const error = (name: keyof SignUpInput) => errors[name]?.message;
  const bind = (name: PersonFieldName) => ({ registration: register(name), error: error(name) });

  return (
    <AuthCard
      wide
      title={t('register.title')}
      description={
        organization
          ? t('register.description', { organization: organization.name })
          : t('register.descriptionGeneric')
      }
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={paths.login.to()} className="font-semibold text-brand-700 hover:underline">
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={t('register.title')}>
        <FormSection title={t('register.sections.identity')} className={SEPARATED}>
          <IdentityFields bind={bind} own />
        </FormSection>

        <FormSection title={t('register.sections.contact')} className={SEPARATED}>
          <AddressFields bind={bind} onCountryChange={onCountryChange} ownAddress />
          <PhoneField bind={bind} own />
        </FormSection>

        <FormSection title={t('register.sections.access')} className={SEPARATED}>
          <TextField
            className="sm:col-span-2"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={error('email')}
            readOnly={invitedEmail !== null}
            hint={invitedEmail ? t('register.invitedEmail') : undefined}
            {...register('email')}
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="new-password"
            hint={t('register.passwordHint')}
            error={error('password')}
            {...register('password')}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            error={error('confirmPassword')}
            {...register('confirmPassword')}
          />
        </FormSection>

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-slate-500">{t('register.legal')}</p>
          <Button type="submit" size="lg" loading={signUp.isPending} className="sm:min-w-48">
            <UserPlus aria-hidden="true" />
            {t('register.submit')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
