import { overAdminSchema } from '@inscrio/shared';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/form-field';
import { isApiError, statusText } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { startImpersonation } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';
import { useSignInAsMember } from '../api/sign-in-as-member';
import type { MemberDetail } from '../api/types';

/**
 * 'Se connecter en tant que ce membre': the manager confirms with their own password, then the app
 * switches to the member's session (`POST /auth/sign-in/overAdmin`, audited). The manager's session is
 * kept aside for the way back, which returns to this page.
 */
export function SignInAsDialog({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const signIn = useSignInAsMember();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setFieldError(undefined);
      setFailure(null);
      signIn.reset();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!user) return;
    const parsed = overAdminSchema(locale).safeParse({
      idMember: member.memberId,
      email: user.email,
      password,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((item) => item.path[0] === 'password') ?? parsed.error.issues[0];
      setFieldError(issue?.message);
      return;
    }
    setFieldError(undefined);
    try {
      const result = await signIn.mutateAsync(parsed.data);
      startImpersonation(result, { displayName: member.displayName }, location.pathname);
      navigate(paths.home.to(), { replace: false });
    } catch (error) {
      // A wrong password answers 400 with a detail on `password`: it belongs under the field.
      const passwordDetail = isApiError(error)
        ? error.details.find((detail) => detail.field === 'password')
        : undefined;
      if (passwordDetail) {
        setFieldError(passwordDetail.message || t('signInAs.wrongPassword'));
      } else {
        setFailure(statusText(error, locale));
      }
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        // A long label: on the narrowest phones it takes two lines rather than overflow the page.
        <Button
          variant="secondary"
          className="h-auto min-h-10 max-w-full shrink py-2 whitespace-normal"
          data-sign-in-as=""
        >
          <LogIn aria-hidden="true" />
          {t('signInAs.button')}
        </Button>
      }
      title={t('signInAs.title', { name: member.displayName })}
      description={t('signInAs.description', { name: member.displayName })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('signInAs.cancel')}
          </Button>
          <Button type="submit" form="sign-in-as-form" loading={signIn.isPending}>
            <LogIn aria-hidden="true" />
            {t('signInAs.submit')}
          </Button>
        </>
      }
    >
      <form id="sign-in-as-form" onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <Alert tone="warning">{t('signInAs.audit')}</Alert>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <p className="text-sm text-slate-600">
          {t('signInAs.as')} <span className="font-semibold text-slate-900">{user?.email}</span>
        </p>
        <PasswordField
          label={t('signInAs.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
          // eslint-disable-next-line jsx-a11y-x/no-autofocus -- a dialog opened to type here moves the focus into it
          autoFocus
        />
      </form>
    </Dialog>
  );
}
