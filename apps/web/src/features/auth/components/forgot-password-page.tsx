import { forgotPasswordSchema } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, MailCheck, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { paths, QUERY } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthCard } from './auth-card';

/** `/forgot-password`: e-mails a reset link. The answer is the same whether the address is known or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const schema = useMemo(() => forgotPasswordSchema(locale), [locale]);
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: searchParams.get(QUERY.email) ?? '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((values) =>
    request.mutateAsync(values.email).then(
      () => setSentTo(values.email),
      () => undefined,
    ),
  );

  const backToLogin = (
    <Link
      to={paths.login.to({ email: sentTo })}
      className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('forgotPassword.backToLogin')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard
        title={t('forgotPassword.sentTitle')}
        icon={<MailCheck className="size-5" aria-hidden="true" />}
        footer={backToLogin}
      >
        <Alert tone="success">{t('forgotPassword.sent', { email: sentTo })}</Alert>
        <p className="mt-4 text-sm text-slate-600">{t('forgotPassword.sentHint')}</p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      description={t('forgotPassword.description')}
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      footer={backToLogin}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- the page's one task is this field
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          <Send aria-hidden="true" />
          {t('forgotPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
