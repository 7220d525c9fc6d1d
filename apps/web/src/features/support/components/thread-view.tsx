import { SUPPORT_LIMITS, type SupportMessageInput, supportMessageSchema } from '@inscrio/shared';
import { Download, Lock, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { PageLoader } from '@/components/feedback/page-loader';
import { Button } from '@/components/ui/button';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { hasErrorCode, notificationText } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { useDownload } from '@/lib/download';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import {
  attachmentPath,
  type SupportMessage,
  type SupportThreadDetail,
  useCloseSupportThread,
  useReplySupportThread,
  useSupportThread,
} from '../api/support';
import { AttachmentField } from './attachment-field';
import { SupportStatusBadge } from './support-status-badge';

function MessageBubble({ threadId, message }: { threadId: string; message: SupportMessage }) {
  const { t } = useTranslation('support');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const download = useDownload();
  return (
    <li
      className={cn(
        'max-w-[92%] rounded-2xl border p-3 sm:max-w-[80%] sm:p-4',
        message.fromPlatform
          ? 'mr-auto border-brand-100 bg-brand-50/60'
          : 'ml-auto border-slate-200 bg-white',
      )}
      data-support-message={message.fromPlatform ? 'platform' : 'author'}
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">
          {message.fromPlatform ? t('thread.platform', { name: message.authorName }) : message.authorName}
        </span>
        <span>{formatDateTime(message.createdAt, timeZone, locale)}</span>
      </p>
      <p className="mt-1.5 text-sm break-words whitespace-pre-line text-slate-900">{message.body}</p>
      {message.attachment ? (
        <Button
          variant="link"
          size="sm"
          className="mt-2 max-w-full"
          onClick={() =>
            download.mutate({
              path: attachmentPath(threadId, message.attachment!.id),
              fallbackName: message.attachment!.fileName ?? 'piece-jointe',
            })
          }
        >
          <Download aria-hidden="true" />
          <span className="truncate">{message.attachment.fileName ?? t('attachment.unnamed')}</span>
        </Button>
      ) : null}
    </li>
  );
}

function ReplyForm({ thread }: { thread: SupportThreadDetail }) {
  const { t } = useTranslation('support');
  const locale = useLocale();
  const schema = useMemo(() => supportMessageSchema(locale), [locale]);
  const reply = useReplySupportThread(thread.id);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ message: string }, unknown, SupportMessageInput>({
    resolver: payloadResolver(schema),
    defaultValues: { message: '' },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await reply.mutateAsync({ input, file });
      reset();
      setFile(null);
      notify.success(t('thread.sent'));
    } catch (error) {
      if (hasErrorCode(error, 'support_attachment_type', 'support_attachment_too_large')) {
        setFileError(notificationText(error, locale));
      } else if (!applyApiFieldErrors(error, setError, ['message'])) notifyError(error);
    }
  });
  const id = `support-reply-${thread.id}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-support-reply-form="">
      <FormField id={id} label={t('thread.reply')} error={errors.message?.message}>
        <Textarea
          rows={4}
          maxLength={SUPPORT_LIMITS.message}
          {...describedBy(id, errors.message?.message)}
          {...register('message')}
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <AttachmentField file={file} onChange={setFile} error={fileError} onError={setFileError} />
        <Button type="submit" disabled={isSubmitting} className="sm:shrink-0">
          <Send aria-hidden="true" />
          {t('actions.send')}
        </Button>
      </div>
    </form>
  );
}

/** A thread: its messages, oldest first, the reply box while it is not closed, and « Fermer » for the platform. */
export function ThreadView({ threadId }: { threadId: string }) {
  const { t } = useTranslation('support');
  const query = useSupportThread(threadId);
  const close = useCloseSupportThread(threadId);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return <ErrorState title={t('errors.thread')} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const thread = query.data;
  return (
    <article className="space-y-4" data-support-thread={thread.id}>
      <header className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold break-words text-slate-900">{thread.subject}</h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <SupportStatusBadge status={thread.status} />
            <span>{thread.organizationName}</span>
          </p>
        </div>
        {thread.canClose ? (
          <Button
            variant="secondary"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(undefined, {
                onSuccess: () => notify.success(t('thread.closedNotice')),
                onError: notifyError,
              })
            }
          >
            <Lock aria-hidden="true" />
            {t('actions.close')}
          </Button>
        ) : null}
      </header>
      <ol className="flex flex-col gap-3" aria-label={t('thread.messages')}>
        {thread.messages.map((message) => (
          <MessageBubble key={message.id} threadId={thread.id} message={message} />
        ))}
      </ol>
      {thread.status === 'closed' ? (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-600">
          {t('thread.closed')}
        </p>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <ReplyForm thread={thread} />
        </div>
      )}
    </article>
  );
}
