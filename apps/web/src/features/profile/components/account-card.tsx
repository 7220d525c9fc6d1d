import { message, type UpdateMeInput, updateMeSchema } from '@inscrio/shared';
import { Save } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateMe } from '../api/update-me';

interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Name and e-mail (`PATCH /users/me`): 'Votre profil a été mis à jour avec succès.' (spec section 8). A
 * new e-mail is confirmed by a link sent to it: until then the current address stays, and the card says
 * where the link went, with a way to cancel the change.
 */
export function AccountCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const { user } = useAuth();
  const current = useCurrentUser();
  const update = useUpdateMe();
  const schema = useMemo(() => updateMeSchema(locale), [locale]);
  const pendingEmail = current.data?.pendingEmail ?? null;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<AccountValues, unknown, UpdateMeInput>({
    resolver: payloadResolver<AccountValues, UpdateMeInput>(schema),
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
    // The current address is only sent to change it: sending it unchanged would cancel a pending change.
    const emailChanged =
      values.email !== undefined && values.email.toLowerCase() !== user?.email.toLowerCase();
    const input: UpdateMeInput = {
      firstName: values.firstName,
      lastName: values.lastName,
      ...(emailChanged ? { email: values.email } : {}),
    };
    try {
      const updated = await update.mutateAsync(input);
      reset({ firstName: updated.firstName, lastName: updated.lastName, email: updated.email });
      notify.success(message('profileUpdated', locale));
    } catch (error) {
      if (isApiError(error) && error.code === 'email_taken') {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        applyApiFieldErrors(error, setError, ['firstName', 'lastName', 'email']);
      }
      notifyError(error);
    }
  });

  const cancelPending = async () => {
    if (!user) return;
    try {
      await update.mutateAsync({ email: user.email });
      notify.success(t('account.pendingCancelled'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card id={id} className="scroll-mt-6">
      <CardHeader>
        <CardTitle>{t('account.title')}</CardTitle>
        <CardDescription>{t('account.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {pendingEmail ? (
          <Alert tone="info" title={t('account.pendingTitle')} data-pending-email={pendingEmail}>
            <p>{t('account.pending', { email: pendingEmail })}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              loading={update.isPending && !isSubmitting}
              onClick={() => void cancelPending()}
            >
              {t('account.cancelPending')}
            </Button>
          </Alert>
        ) : null}
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-x-5 gap-y-4 sm:grid-cols-2"
          aria-label={t('account.title')}
        >
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
            hint={t('account.emailHint')}
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              <Save aria-hidden="true" />
              {t('account.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
