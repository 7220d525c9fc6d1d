import {
  type ErrorCode,
  type InviteRepresentativeInput,
  inviteRepresentativeSchema,
  message,
} from '@inscrio/shared';
import { Send } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useInviteRepresentative } from '../api/invite-representative';

interface InviteValues {
  email: string;
  firstName: string;
  lastName: string;
}

const EMPTY: InviteValues = { email: '', firstName: '', lastName: '' };

/** Refusals about the address typed, shown under the e-mail field. */
const INVITE_REFUSALS: ReadonlySet<ErrorCode | undefined> = new Set<ErrorCode>([
  'already_representative',
  'too_many_pending_invitations',
]);

/** 'Ajouter un représentant': invites another adult by e-mail (`POST /me/representatives`). */
export function InviteRepresentativeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('family');
  const locale = useLocale();
  const formId = useId();
  const invite = useInviteRepresentative();
  const schema = useMemo(() => inviteRepresentativeSchema(locale), [locale]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues, unknown, InviteRepresentativeInput>({
    resolver: payloadResolver<InviteValues, InviteRepresentativeInput>(schema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      notify.success(message('representativeAdded', locale));
      onOpenChange(false);
    } catch (error) {
      const onField = applyApiFieldErrors(error, setError, ['email', 'firstName', 'lastName']);
      // "Already represents your family" (and the limit of pending invitations) concern the address typed.
      if (!onField && isApiError(error) && INVITE_REFUSALS.has(error.code)) {
        setError('email', { type: 'server', message: error.message }, { shouldFocus: true });
      }
      notifyError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('invite.title')}
      description={t('invite.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            <Send aria-hidden="true" />
            {t('invite.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label={t('invite.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('invite.firstName')}
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={t('invite.lastName')}
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </form>
    </Dialog>
  );
}
