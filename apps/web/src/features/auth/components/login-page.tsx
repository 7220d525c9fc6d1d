import { message, signInOtpSchema, signInPasswordSchema } from '@inscrio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound, LogIn, Mail } from 'lucide-react';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { notificationText } from '@/lib/api-error';
import type { SignInResult } from '@/lib/api-types';
import { useAddressOrganization } from '@/lib/organization-context';
import { PAGE_NOT_FOUND, paths, QUERY, safeRedirect, SESSION_EXPIRED } from '@/lib/paths';
import { notify } from '@/lib/notify';
import { completeSignIn, endSessionLocally } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';
import { useSendOneTimeCode } from '../api/send-otp';
import { takeLoginShell, withoutFieldTransitions } from '../login-shell/takeover';
import { useSignInWithOneTimeCode } from '../api/sign-in-otp';
import { useSignInWithPassword } from '../api/sign-in-password';
import { takeHandoffCode, useSignInWithHandoffCode } from '../api/sign-in-handoff';
import { AuthCard } from './auth-card';

/** Seconds before a new code may be asked for. */
const RESEND_DELAY_S = 30;

type Mode = 'password' | 'code-request' | 'code-entry';

/** Where the user goes once signed in: the full original path kept by the guards, else the index. */
function useFinishSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (result: SignInResult) => {
    completeSignIn(result);
    navigate(safeRedirect(searchParams.get(QUERY.redirect)), { replace: true });
  };
}

/** A failed sign-in is notified with the API's message, and whatever session was left is cleared. */
function failSignIn(error: unknown, locale: ReturnType<typeof useLocale>) {
  endSessionLocally();
  notify.error(notificationText(error, locale));
}

function PasswordForm({
  email,
  onEmail,
  onUseCode,
}: {
  email: string;
  onEmail: (email: string) => void;
  onUseCode: () => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const schema = useMemo(() => signInPasswordSchema(locale), [locale]);
  const signIn = useSignInWithPassword();
  const finish = useFinishSignIn();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email, password: '' } });

  const onSubmit = handleSubmit((values) =>
    signIn.mutateAsync(values).then(finish, (error: unknown) => failSignIn(error, locale)),
  );

  const form = useRef<HTMLFormElement>(null);
  // Takes over the page the server sent (login-shell/takeover.ts) before the browser paints this form:
  // what was typed, where the caret was, and a submit made before the app was there.
  const takeOverShell = useEffectEvent(() => {
    const shell = takeLoginShell();
    if (!shell) return;
    setValue('email', shell.email);
    setValue('password', shell.password);
    onEmail(shell.email);
    withoutFieldTransitions(form.current, () => {
      if (!shell.focus) return;
      const { field, start, end } = shell.focus;
      // Focused here and now, before the first paint (react-hook-form's setFocus waits for a timer:
      // the field would show unfocused, then fade its focus in, and the caret would land at the end).
      const input = form.current?.elements.namedItem(field);
      if (!(input instanceof HTMLInputElement)) return;
      input.focus();
      if (start !== null && end !== null) input.setSelectionRange(start, end);
    });
    if (shell.submitted) void onSubmit();
  });
  // Once, when the form first shows: the shell is gone afterwards.
  useLayoutEffect(() => takeOverShell(), []);

  return (
    // method="post": were the page's scripts not to run, a submit never puts the password in the address.
    <form
      ref={form}
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={t('login.passwordForm')}
    >
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        autoFocus={!email}
        error={errors.email?.message}
        {...register('email', {
          onChange: (event: { target: { value: string } }) => onEmail(event.target.value),
        })}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- a sign-in form is the page's one task: its field takes the focus
        autoFocus={Boolean(email)}
        error={errors.password?.message}
        labelAction={
          <Link
            to={paths.forgotPassword.to({ email: getValues('email') || null })}
            className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
          >
            {t('login.forgotPassword')}
          </Link>
        }
        {...register('password')}
      />
      <Button type="submit" size="lg" className="w-full" loading={signIn.isPending}>
        <LogIn aria-hidden="true" />
        {t('login.submit')}
      </Button>
      <div className="relative py-1 text-center text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="absolute inset-x-0 top-1/2 h-px bg-slate-200" aria-hidden="true" />
        <span className="relative bg-white px-3">{t('login.or')}</span>
      </div>
      <Button variant="secondary" size="lg" className="w-full" onClick={onUseCode} data-otp-link="">
        <Mail aria-hidden="true" />
        {t('login.useCode')}
      </Button>
    </form>
  );
}

function CodeRequestForm({
  email,
  onEmail,
  onSent,
  onUsePassword,
}: {
  email: string;
  onEmail: (email: string) => void;
  onSent: (email: string) => void;
  onUsePassword: () => void;
}) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const schema = useMemo(() => signInOtpSchema(locale).pick({ email: true }), [locale]);
  const sendCode = useSendOneTimeCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email } });

  const onSubmit = handleSubmit((values) =>
    sendCode.mutateAsync(values.email).then(
      () => onSent(values.email),
      () => undefined,
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('login.codeRequestForm')}>
      <p className="text-sm text-slate-600">{t('login.codeExplanation')}</p>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- a sign-in form is the page's one task: its field takes the focus
        autoFocus
        error={errors.email?.message}
        {...register('email', {
          onChange: (event: { target: { value: string } }) => onEmail(event.target.value),
        })}
      />
      <Button type="submit" size="lg" className="w-full" loading={sendCode.isPending}>
        <Mail aria-hidden="true" />
        {t('login.sendCode')}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onUsePassword}>
        <KeyRound aria-hidden="true" />
        {t('login.usePassword')}
      </Button>
    </form>
  );
}

function CodeEntryForm({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const schema = useMemo(() => signInOtpSchema(locale), [locale]);
  const signIn = useSignInWithOneTimeCode();
  const resend = useSendOneTimeCode();
  const finish = useFinishSignIn();
  const [wait, setWait] = useState(RESEND_DELAY_S);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email, otp: '' }, mode: 'onSubmit' });

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const onSubmit = handleSubmit((values) =>
    signIn.mutateAsync(values).then(finish, (error: unknown) => {
      resetField('otp');
      failSignIn(error, locale);
    }),
  );

  const onResend = () =>
    resend.mutateAsync(email).then(
      () => {
        setWait(RESEND_DELAY_S);
        notify.success(t('login.codeResent'));
      },
      () => undefined,
    );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('login.codeEntryForm')}>
      <Alert tone="success">{t('login.codeSent', { email })}</Alert>
      <input type="hidden" {...register('email')} />
      <TextField
        label={t('fields.code')}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        // eslint-disable-next-line jsx-a11y-x/no-autofocus -- a sign-in form is the page's one task: its field takes the focus
        autoFocus
        placeholder="••••••"
        inputClassName="h-14 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] sm:text-2xl"
        hint={t('login.codeHint')}
        error={errors.otp?.message}
        {...register('otp', {
          setValueAs: (value: string) => value.replace(/\D/g, ''),
        })}
      />
      <Button type="submit" size="lg" className="w-full" loading={signIn.isPending}>
        <LogIn aria-hidden="true" />
        {t('login.submit')}
      </Button>
      <div className="flex flex-col items-center justify-between gap-2 text-sm sm:flex-row">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex items-center gap-1.5 font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('login.changeEmail')}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={wait > 0 || resend.isPending}
          className="font-medium text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.resend')}
        </button>
      </div>
    </form>
  );
}

/** `/login`: password, or a code received by e-mail. Accepts `redirect` and `email` (spec section 2). */
/**
 * Signs in with the hand-off code of the address's fragment, if any (a new club's administrator coming
 * from `/onboarding`, or staff entering a club): once, the fragment already cleared. A used or expired
 * code leaves the ordinary sign-in with the API's message.
 */
function useHandoffSignIn(locale: ReturnType<typeof useLocale>) {
  const [code] = useState(takeHandoffCode);
  const [failure, setFailure] = useState<string | null>(null);
  const signIn = useSignInWithHandoffCode();
  const finish = useFinishSignIn();
  const started = useRef(false);
  const exchange = useEffectEvent((handoffCode: string) => {
    signIn.mutateAsync(handoffCode).then(finish, (error: unknown) => {
      endSessionLocally();
      setFailure(notificationText(error, locale));
    });
  });
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    exchange(code);
  }, [code]);
  return { signingIn: Boolean(code) && failure === null, failure };
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const organization = useAddressOrganization();
  const [email, setEmail] = useState(searchParams.get(QUERY.email) ?? '');
  const [mode, setMode] = useState<Mode>('password');
  const handoff = useHandoffSignIn(locale);

  const sessionExpired = searchParams.get(QUERY.authError) === SESSION_EXPIRED;
  const pageNotFound = searchParams.get(QUERY.error) === PAGE_NOT_FOUND;

  const description =
    mode === 'code-entry'
      ? t('login.codeEntryDescription')
      : organization
        ? t('login.description', { organization: organization.name })
        : t('login.descriptionGeneric');

  return (
    <AuthCard
      title={mode === 'password' ? t('login.title') : t('login.codeTitle')}
      description={description}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to={paths.register.to({ redirect: searchParams.get(QUERY.redirect) })}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('login.createAccount')}
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        {sessionExpired ? (
          <Alert tone="warning" data-auth-error="session-expired">
            {message('sessionExpiredSignInAgain', locale)}
          </Alert>
        ) : null}
        {pageNotFound ? <Alert tone="info">{t('login.pageNotFound')}</Alert> : null}
        {handoff.failure ? (
          <Alert tone="warning" data-auth-error="handoff">
            {handoff.failure}
          </Alert>
        ) : null}
        {handoff.signingIn ? (
          <p className="flex items-center justify-center gap-2 py-6 text-sm text-slate-600" role="status">
            <Spinner className="size-4" /> {t('login.handoff')}
          </p>
        ) : mode === 'password' ? (
          <PasswordForm email={email} onEmail={setEmail} onUseCode={() => setMode('code-request')} />
        ) : mode === 'code-request' ? (
          <CodeRequestForm
            email={email}
            onEmail={setEmail}
            onSent={(sentTo) => {
              setEmail(sentTo);
              setMode('code-entry');
            }}
            onUsePassword={() => setMode('password')}
          />
        ) : (
          <CodeEntryForm email={email} onBack={() => setMode('code-request')} />
        )}
      </div>
    </AuthCard>
  );
}
