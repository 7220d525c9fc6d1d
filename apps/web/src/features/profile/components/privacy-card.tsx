import { ACCOUNT_DELETION_CONFIRMATION, type DeleteAccountInput, deleteAccountSchema } from '@inscrio/shared';
import { Download, ShieldAlert, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { useAuth } from '@/lib/auth-store';
import { isFamilyAccount } from '@/lib/family-members';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { endSessionLocally } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';
import { useDeleteAccount } from '../api/delete-account';
import { downloadJson, useExportData } from '../api/export-data';

interface DeleteValues {
  password: string;
  confirmation: string;
}

const EMPTY: DeleteValues = { password: '', confirmation: '' };

/**
 * 'Supprimer mon compte': the password and the confirmation phrase of the user's language (French asks
 * for 'SUPPRIMER', English for 'DELETE': the original product had them swapped, spec section 8), checked
 * by the shared `deleteAccountSchema`. The account is anonymised, then the session ends here.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const navigate = useNavigate();
  const formId = useId();
  const remove = useDeleteAccount();
  const schema = useMemo(() => deleteAccountSchema(locale), [locale]);
  const phrase = ACCOUNT_DELETION_CONFIRMATION[locale];
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteValues, unknown, DeleteAccountInput>({
    resolver: payloadResolver<DeleteValues, DeleteAccountInput>(schema),
    defaultValues: EMPTY,
    mode: 'onSubmit',
  });

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await remove.mutateAsync(input);
      // Every session of the account is over on the server: forget this one and leave.
      endSessionLocally();
      notify.success(t('privacy.delete.deleted'));
      navigate(paths.login.to(), { replace: true });
    } catch (error) {
      applyApiFieldErrors(error, setError, ['password', 'confirmation']);
      notifyError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('privacy.delete.dialogTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('privacy.delete.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={isSubmitting}>
            <Trash2 aria-hidden="true" />
            {t('privacy.delete.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700" data-delete-account="">
        <p>{t('privacy.delete.explanation')}</p>
        <p>{t('privacy.delete.retention')}</p>
        <Alert tone="warning">{t('privacy.delete.irreversible')}</Alert>
        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
          <PasswordField
            label={t('privacy.delete.password')}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label={t('privacy.delete.confirmation', { phrase })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={phrase}
            error={errors.confirmation?.message}
            {...register('confirmation')}
          />
        </form>
      </div>
    </Dialog>
  );
}

/** 'Mes données': download everything held about the family (`GET /me/export`), delete the account. */
export function PrivacyCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const organization = useAddressOrganization();
  const exportData = useExportData();
  const [deleting, setDeleting] = useState(false);

  const onExport = async () => {
    try {
      const data = await exportData.mutateAsync();
      const day = new Date().toISOString().slice(0, 10);
      downloadJson(data, `mes-donnees-${organization?.key ?? 'inscrio'}-${day}.json`);
      notify.success(t('privacy.export.done'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card id={id} className="scroll-mt-6" data-privacy="">
      <CardHeader>
        <CardTitle>{t('privacy.title')}</CardTitle>
        <CardDescription>{t('privacy.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 px-4 py-4 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1 space-y-0.5">
            <p className="font-medium text-slate-900">{t('privacy.export.title')}</p>
            <p className="text-sm text-slate-600">{t('privacy.export.text')}</p>
          </div>
          <Button
            variant="secondary"
            className="self-start sm:self-center"
            loading={exportData.isPending}
            onClick={() => void onExport()}
          >
            <Download aria-hidden="true" />
            {t('privacy.export.action')}
          </Button>
        </div>
        {isFamilyAccount(user) ? (
          <div className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50/40 px-4 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1 space-y-0.5">
              <p className="flex items-center gap-2 font-medium text-red-900">
                <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
                {t('privacy.delete.title')}
              </p>
              <p className="text-sm text-red-900/80">{t('privacy.delete.text')}</p>
            </div>
            <Button variant="danger" className="self-start sm:self-center" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              {t('privacy.delete.action')}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}
