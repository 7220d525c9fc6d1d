import { resetPasswordSchema, withPasswordConfirmation } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleCheck, KeyRound, LogIn } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { notificationText } from '@/lib/api-error';
import { paths, QUERY } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';

/** `/reset-password?token=…`: the link of the reset e-mail; chooses a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const token = searchParams.get(QUERY.token) ?? '';
  const schema = useMemo(() => withPasswordConfirmation(resetPasswordSchema(locale), locale), [locale]);
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { resetPasswordToken: token, password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    return reset
      .mutateAsync({ resetPasswordToken: values.resetPasswordToken, password: values.password })
      .then(
        () => setDone(true),
        (error: unknown) => setFailure(notificationText(error, locale)),
      );
  });

  const askAgain = (
    <Link
      to={paths.forgotPassword.to()}
      className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('resetPassword.askAgain')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard
        title={t('resetPassword.title')}
        icon={<KeyRound className="size-5" aria-hidden="true" />}
        footer={askAgain}
      >
        <Alert tone="error">{t('resetPassword.missingToken')}</Alert>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard
        title={t('resetPassword.doneTitle')}
        icon={<CircleCheck className="size-5" aria-hidden="true" />}
      >
        <p className="text-[15px] text-slate-600">{t('resetPassword.done')}</p>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to={paths.login.to()}>
            <LogIn aria-hidden="true" />
            {t('resetPassword.signIn')}
          </Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('resetPassword.title')}
      description={t('resetPassword.description')}
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      footer={askAgain}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <input type="hidden" {...register('resetPasswordToken')} />
        <PasswordField
          label={t('fields.newPassword')}
          autoComplete="new-password"
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page's one task is this form
          autoFocus
          hint={t('register.passwordHint')}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message ?? errors.resetPasswordToken?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
