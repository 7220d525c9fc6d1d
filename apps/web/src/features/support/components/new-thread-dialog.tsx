import {
  type CreateSupportThreadInput,
  createSupportThreadSchema,
  SUPPORT_LIMITS,
  type SupportThreadFormValues,
} from '@inscrio/shared';
import { Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, FormField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { hasErrorCode, notificationText } from '@/lib/api-error';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { type SupportThreadDetail, useCreateSupportThread } from '../api/support';
import { AttachmentField } from './attachment-field';

/** « Nouveau message »: subject, message and an optional attachment, to the platform administration. */
export function NewThreadDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (thread: SupportThreadDetail) => void;
}) {
  const { t } = useTranslation('support');
  const locale = useLocale();
  const schema = useMemo(() => createSupportThreadSchema(locale), [locale]);
  const create = useCreateSupportThread();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SupportThreadFormValues, unknown, CreateSupportThreadInput>({
    resolver: payloadResolver(schema),
    defaultValues: { subject: '', message: '' },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (input) => {
    try {
      const thread = await create.mutateAsync({ input, file });
      reset();
      setFile(null);
      onCreated(thread);
    } catch (error) {
      if (hasErrorCode(error, 'support_attachment_type', 'support_attachment_too_large')) {
        setFileError(notificationText(error, locale));
      } else if (!applyApiFieldErrors(error, setError, ['subject', 'message'])) notifyError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('new.title')}
      description={t('new.description')}
      className="max-w-xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-support-new-form="">
        <TextField
          label={t('fields.subject')}
          maxLength={SUPPORT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <FormField id="support-new-message" label={t('fields.message')} error={errors.message?.message}>
          <Textarea
            rows={6}
            maxLength={SUPPORT_LIMITS.message}
            {...describedBy('support-new-message', errors.message?.message)}
            {...register('message')}
          />
        </FormField>
        <AttachmentField file={file} onChange={setFile} error={fileError} onError={setFileError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            <Send aria-hidden="true" />
            {t('actions.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
