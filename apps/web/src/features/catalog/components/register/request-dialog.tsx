import {
  PARTICIPANT_STATUSES,
  type RegistrationRequestGroupInput,
  registrationRequestGroupSchema,
  type ReviewReason,
} from '@inscrio/shared';
import { useId, useMemo, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { statusText } from '@/lib/api-error';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useRequestRegistrationGroup } from '../../api/request-registration';
import { toggleId } from './register-form-model';

/** What the card asks the club for: why, which sessions, for whom (the family may narrow it). */
export interface OpenRequest {
  reason: ReviewReason;
  serviceId: string;
  /** Several sessions asked at once (an age exception for the sessions a child does not fit); default [serviceId]. */
  serviceIds?: string[];
  sessionLabel: string;
  members: { id: string; name: string }[];
}

interface RequestFormValues {
  memberIds: string[];
  note: string;
}

/**
 * Asks the club (POST /registrations/request-groups) once for the sessions and members chosen: an age
 * exception, a place on the waiting list, or a registration the activity does not take directly. Each
 * member's sessions wait 'A traiter' as one request; the sessions that could not be asked are named.
 */
export function RequestDialog({
  reason,
  serviceId,
  serviceIds,
  sessionLabel,
  members,
  supplementIds,
  onClose,
  onSent,
}: OpenRequest & {
  /** The optional supplements ticked on the card: kept with the request once accepted. */
  supplementIds: string[];
  onClose: () => void;
  onSent: (memberIds: string[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const formId = useId();
  const [refused, setRefused] = useState<string[]>([]);
  const request = useRequestRegistrationGroup();
  const resolver = useMemo(
    () =>
      payloadResolver<RequestFormValues, RegistrationRequestGroupInput>(
        registrationRequestGroupSchema(locale),
        (values) => ({
          serviceIds: serviceIds ?? [serviceId],
          memberIds: values.memberIds,
          reason,
          note: values.note.trim() || undefined,
          supplementIds: supplementIds.length > 0 ? supplementIds : undefined,
        }),
      ),
    [locale, reason, serviceId, serviceIds, supplementIds],
  );
  const {
    control,
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<RequestFormValues, unknown, RegistrationRequestGroupInput>({
    resolver,
    defaultValues: { memberIds: members.length === 1 ? [members[0]!.id] : [], note: '' },
  });
  const memberIds = useWatch({ control, name: 'memberIds' });
  // The sessions come from the card, not from a field: their error (too many at once) shows on top.
  const sessionsError = (errors as FieldErrors<{ serviceIds: string[] }>).serviceIds?.message;
  const sent = request.data !== undefined && request.data.requests.length > 0;

  const submit = handleSubmit(async (input) => {
    try {
      const result = await request.mutateAsync(input);
      setRefused([...new Set(result.refused.map((r) => r.message))]);
      if (result.requests.length > 0) onSent(input.memberIds);
    } catch {
      // Shown by the dialog (request.error).
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`register.request.${reason}.title`)}
      description={
        sent
          ? undefined
          : serviceIds && serviceIds.length > 1
            ? t('register.request.textMany', { count: serviceIds.length, session: sessionLabel })
            : t(`register.request.${reason}.text`, { session: sessionLabel })
      }
      footer={
        sent ? (
          <Button onClick={onClose}>{t('register.request.close')}</Button>
        ) : (
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('register.request.back')}</Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={request.isPending} data-send-request="">
              {t('register.request.send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div className="space-y-3">
          <Alert tone="success" title={t('register.request.sentTitle')} data-request-sent="">
            {t('register.request.sent', { status: PARTICIPANT_STATUSES.label('needs-review', locale) })}
          </Alert>
          {refused.length > 0 ? <RefusedList messages={refused} /> : null}
        </div>
      ) : (
        <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {request.isError ? <Alert tone="error">{statusText(request.error, locale)}</Alert> : null}
          {sessionsError ? <Alert tone="error">{sessionsError}</Alert> : null}
          {refused.length > 0 ? <RefusedList messages={refused} /> : null}
          {members.length > 1 ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('register.request.who')}</legend>
              {members.map((member) => (
                <CheckboxField
                  key={member.id}
                  label={member.name}
                  checked={memberIds.includes(member.id)}
                  onChange={(event) => {
                    setValue('memberIds', toggleId(memberIds, member.id, event.target.checked));
                    clearErrors('memberIds');
                  }}
                />
              ))}
              {errors.memberIds ? (
                <p className="text-[13px] font-medium text-red-600">{t('register.errors.members')}</p>
              ) : null}
            </fieldset>
          ) : null}
          <FormField
            id={`${formId}-note`}
            label={t('register.request.note')}
            hint={t('register.request.noteHint')}
          >
            <Textarea id={`${formId}-note`} maxLength={1000} rows={3} {...register('note')} />
          </FormField>
        </form>
      )}
    </Dialog>
  );
}

/** The sessions a request could not cover, with why (past, already registered…). */
export function RefusedList({ messages }: { messages: string[] }) {
  const { t } = useTranslation('catalog');
  return (
    <Alert tone="warning" title={t('register.request.refusedTitle')} data-request-refused="">
      <ul className="list-disc space-y-1 pl-4">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}
