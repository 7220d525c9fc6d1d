import {
  COMMUNICATION_LIMITS,
  COMMUNICATION_TARGETS,
  type CommunicationTarget,
  targetNeedsId,
} from '@inscrio/shared';
import { Paperclip, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-error';
import { useRecipientsCount, useSendCommunication } from '../api/communications';
import { RichTextField } from './rich-text-field';
import { type PickedTarget, TargetPicker } from './target-picker';

export interface ComposeTarget {
  target: CommunicationTarget;
  targetId: string | null;
}

/** Writing a message: subject and formatted text (French, optionally English), attachments, recipients counted. */
export function ComposeDialog({
  open,
  onOpenChange,
  initial,
  allowedTargets,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: ComposeTarget;
  /** The targets the sender may pick (a session's holder: that session only). */
  allowedTargets: CommunicationTarget[];
  onSent: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('communications');
  const locale = i18n.language === 'en' ? 'en' : 'fr';
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [target, setTarget] = useState<ComposeTarget>(initial);
  // A session, period or activity picked here (the form was opened without one, or another was chosen).
  const [picked, setPicked] = useState<PickedTarget | null>(null);
  const [subjectFr, setSubjectFr] = useState('');
  const [bodyFr, setBodyFr] = useState('');
  const [english, setEnglish] = useState(false);
  const [subjectEn, setSubjectEn] = useState('');
  const [bodyEn, setBodyEn] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  // A target that names a session, period or activity is counted once one is named.
  const missingId = targetNeedsId(target.target) && !target.targetId;
  const count = useRecipientsCount(target.target, target.targetId, !missingId);
  const send = useSendCommunication();
  const fieldError = (field: string) =>
    isApiError(send.error) ? send.error.details?.find((d) => d.field === field)?.message : undefined;
  const options = allowedTargets;
  const pickTarget = (choice: PickedTarget | null) => {
    setPicked(choice);
    setTarget((current) => ({ target: current.target, targetId: choice?.id ?? null }));
  };

  const pickFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const tooLarge = picked.find((file) => file.size > COMMUNICATION_LIMITS.attachmentBytes);
    if (picked.length > COMMUNICATION_LIMITS.attachments) setFileError(t('compose.tooManyFiles'));
    else if (tooLarge) setFileError(t('compose.fileTooLarge', { name: tooLarge.name }));
    else {
      setFileError(null);
      setFiles(picked);
    }
  };

  const submit = () =>
    send.mutate(
      {
        input: {
          idempotencyKey,
          target: target.target,
          targetId: target.targetId,
          subjectFr,
          bodyFr,
          ...(english ? { subjectEn, bodyEn } : {}),
        },
        files,
      },
      { onSuccess: (detail) => onSent(detail.id) },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('compose.title')}
      className="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('compose.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={send.isPending}
            disabled={missingId || count.data?.families === 0}
          >
            <Send aria-hidden="true" />
            {t('compose.send')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField id="compose-target" label={t('compose.recipients')}>
          <Select
            id="compose-target"
            value={target.target}
            onChange={(event) => {
              const value = event.target.value as CommunicationTarget;
              setPicked(null);
              setTarget({ target: value, targetId: value === initial.target ? initial.targetId : null });
            }}
          >
            {options.map((value) => (
              <option key={value} value={value}>
                {COMMUNICATION_TARGETS.label(value, locale)}
              </option>
            ))}
          </Select>
        </FormField>
        {missingId || picked ? (
          <TargetPicker
            target={target.target as 'session' | 'period' | 'activity'}
            picked={picked}
            onPick={pickTarget}
          />
        ) : null}
        <p className="text-sm text-slate-600" data-recipients-count aria-live="polite">
          {missingId
            ? t('compose.pick.first')
            : count.isPending
              ? t('compose.counting')
              : count.isError
                ? t('compose.countError')
                : t('compose.reach', { families: count.data.families, people: count.data.people })}
        </p>
        <FormField id="compose-subject-fr" label={t('compose.subjectFr')} error={fieldError('subjectFr')}>
          <Input
            id="compose-subject-fr"
            value={subjectFr}
            maxLength={COMMUNICATION_LIMITS.subject}
            onChange={(event) => setSubjectFr(event.target.value)}
          />
        </FormField>
        <RichTextField
          label={t('compose.bodyFr')}
          name="bodyFr"
          value={bodyFr}
          onChange={setBodyFr}
          error={fieldError('bodyFr')}
        />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={english} onChange={(event) => setEnglish(event.target.checked)} />
          {t('compose.alsoEnglish')}
        </label>
        {english ? (
          <>
            <FormField id="compose-subject-en" label={t('compose.subjectEn')} error={fieldError('subjectEn')}>
              <Input
                id="compose-subject-en"
                value={subjectEn}
                maxLength={COMMUNICATION_LIMITS.subject}
                onChange={(event) => setSubjectEn(event.target.value)}
              />
            </FormField>
            <RichTextField
              label={t('compose.bodyEn')}
              name="bodyEn"
              value={bodyEn}
              onChange={setBodyEn}
              error={fieldError('bodyEn')}
            />
          </>
        ) : null}
        <FormField
          id="compose-files"
          label={t('compose.attachments')}
          hint={t('compose.attachmentsHint')}
          error={fileError ?? undefined}
        >
          <Input
            id="compose-files"
            type="file"
            multiple
            accept="application/pdf,image/png,image/jpeg,image/webp"
            onChange={(event) => pickFiles(event.target.files)}
          />
        </FormField>
        {files.length > 0 ? (
          <ul className="space-y-1 text-sm text-slate-700">
            {files.map((file) => (
              <li key={file.name} className="flex items-center gap-2">
                <Paperclip className="size-4 text-slate-400" aria-hidden="true" />
                {file.name}
              </li>
            ))}
          </ul>
        ) : null}
        {send.isError ? (
          <Alert tone="error" title={t('compose.failed')}>
            {isApiError(send.error) ? send.error.message : t('compose.failedText')}
          </Alert>
        ) : null}
      </form>
    </Dialog>
  );
}
