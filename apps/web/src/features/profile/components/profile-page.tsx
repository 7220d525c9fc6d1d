import { countryName, displayName, GENDERS, message, updateMeSchema } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from '@/lib/dates';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { useAddressOrganization } from '@/lib/organization-context';
import { useLocale } from '@/lib/use-locale';
import { useMeMember } from '../api/get-me-member';
import { useUpdateMe } from '../api/update-me';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{term}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">
        {children || <span className="text-slate-400">—</span>}
      </dd>
    </div>
  );
}

/** `/profile`: the user's name and e-mail (`PATCH /users/me`), and their person as the club knows it. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const { user, organization: selected } = useAuth();
  const addressOrganization = useAddressOrganization();
  const timeZone = (addressOrganization ?? selected)?.timeZone ?? DEFAULT_TIME_ZONE;
  const member = useMeMember();
  const update = useUpdateMe();
  const schema = useMemo(() => updateMeSchema(locale), [locale]);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
    },
    mode: 'onTouched',
  });

  // Follow the stored user when it changes elsewhere (another tab, the session check).
  useEffect(() => {
    if (user && !isDirty) reset({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  }, [user, isDirty, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await update.mutateAsync(values);
      reset({ firstName: updated.firstName, lastName: updated.lastName, email: updated.email });
      notify.success(message('profileUpdated', locale));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(error, setError, ['firstName', 'lastName', 'email']);
      }
      notifyError(error);
    }
  });

  const person = member.data;

  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={t('title')} description={user ? displayName(user, 'member', locale) : undefined} />

      <Card>
        <CardHeader>
          <CardTitle>{t('account.title')}</CardTitle>
          <CardDescription>{t('account.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
            <TextField
              label={t('fields.firstName')}
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label={t('fields.lastName')}
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextField
              className="sm:col-span-2"
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <div className="flex justify-end sm:col-span-2">
              <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                <Save aria-hidden="true" />
                {t('account.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('person.title')}</CardTitle>
          <CardDescription>{t('person.description')}</CardDescription>
        </CardHeader>
        <CardContent className="pt-2">
          {member.isPending ? (
            <div className="py-6">
              <Spinner label={t('person.loading')} />
            </div>
          ) : member.isError ? (
            <ErrorState error={member.error} onRetry={() => void member.refetch()} />
          ) : person ? (
            <dl className="divide-y divide-slate-100">
              <Detail term={t('fields.gender')}>
                {GENDERS.is(person.gender) ? GENDERS.label(person.gender, locale) : null}
              </Detail>
              <Detail term={t('fields.birthdate')}>
                {person.birthdate ? formatDate(person.birthdate, timeZone, locale) : null}
              </Detail>
              <Detail term={t('fields.address')}>
                {[
                  person.address,
                  [person.postalCode, person.city].filter(Boolean).join(' '),
                  countryName(person.country),
                ]
                  .filter(Boolean)
                  .join(', ')}
              </Detail>
              <Detail term={t('fields.phoneNumber')}>{person.phoneNumber}</Detail>
            </dl>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('preferences.title')}</CardTitle>
        </CardHeader>
        <CardContent className="pt-2">
          <dl className="divide-y divide-slate-100">
            <Detail term={t('preferences.language')}>{t(`preferences.languages.${locale}`)}</Detail>
            <Detail term={t('preferences.lastLogin')}>
              {user?.lastLoginAt ? formatDateTime(user.lastLoginAt, timeZone, locale) : null}
            </Detail>
          </dl>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
