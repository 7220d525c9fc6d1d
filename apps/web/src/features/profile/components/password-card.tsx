import { type ChangePasswordInput, changePasswordSchema } from '@inscrio/shared';
import { KeyRound } from 'lucide-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/form-field';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/** `PATCH /me/password`: the current password, then the new one (spec section 5 rule) twice. */
export function PasswordCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const change = useChangePassword();
  const schema = useMemo(() => changePasswordSchema(locale), [locale]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues, unknown, ChangePasswordInput>({
    resolver: payloadResolver<PasswordValues, ChangePasswordInput>(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      reset(EMPTY);
      notify.success(t('password.changed'));
    } catch (error) {
      applyApiFieldErrors(error, setError, ['currentPassword', 'password', 'confirmPassword']);
      notifyError(error);
    }
  });

  return (
    <Card id={id} className="scroll-mt-6">
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-x-5 gap-y-4 sm:grid-cols-2"
          aria-label={t('password.title')}
        >
          <PasswordField
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
            label={t('password.current')}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            autoComplete="new-password"
            hint={t('password.hint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              <KeyRound aria-hidden="true" />
              {t('password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
