import { GENDERS, personSchemaWithPassword, type SignUpInput } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { type DefaultValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AddressFieldName, AddressFields, dialPrefixFor } from '@/components/forms/address-fields';
import { Button } from '@/components/ui/button';
import { PasswordField, SelectField, TextField } from '@/components/ui/form-field';
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

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-x-5 gap-y-4 border-t border-slate-100 pt-6 first:border-t-0 first:pt-0 sm:grid-cols-2">
      <legend className="contents">
        <span className="block text-sm font-semibold text-slate-900 sm:col-span-2">{title}</span>
      </legend>
      {description ? <p className="-mt-2 text-sm text-slate-500 sm:col-span-2">{description}</p> : null}
      {children}
    </fieldset>
  );
}

/** `/register`: the person form with its password, validated with the shared rules (spec section 5). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const navigate = useNavigate();
  // Like the login, the sign-up goes back where the visitor came from (e.g. an invitation link).
  const [searchParams] = useSearchParams();
  const organization = useAddressOrganization();
  const schema = useMemo(() => personSchemaWithPassword(locale), [locale]);
  const signUp = useSignUp();
  const today = new Date().toISOString().slice(0, 10);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<SignUpInput, unknown, SignUpInput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
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
      if (isApiError(error) && error.status === 409) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(error, setError, FIELDS);
      }
      notifyError(error);
    }
  });

  const error = (name: keyof SignUpInput) => errors[name]?.message;
  const bind = (name: AddressFieldName) => ({ registration: register(name), error: error(name) });

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
        <FormSection title={t('register.sections.identity')}>
          <TextField
            label={t('fields.firstName')}
            autoComplete="given-name"
            error={error('firstName')}
            {...register('firstName')}
          />
          <TextField
            label={t('fields.lastName')}
            autoComplete="family-name"
            error={error('lastName')}
            {...register('lastName')}
          />
          <SelectField label={t('fields.gender')} error={error('gender')} {...register('gender')}>
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
            max={today}
            min="1900-01-01"
            autoComplete="bday"
            error={error('birthdate')}
            {...register('birthdate')}
          />
        </FormSection>

        <FormSection title={t('register.sections.contact')}>
          <AddressFields bind={bind} onCountryChange={onCountryChange} ownAddress />
          <TextField
            label={t('fields.phoneNumber')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+32 470 12 34 56"
            error={error('phoneNumber')}
            {...register('phoneNumber')}
          />
        </FormSection>

        <FormSection title={t('register.sections.access')}>
          <TextField
            className="sm:col-span-2"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={error('email')}
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
