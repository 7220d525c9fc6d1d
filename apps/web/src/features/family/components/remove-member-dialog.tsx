import { displayName, type Locale, message } from '@inscrio/shared';
import { UserMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { type ApiError, isApiError } from '@/lib/api-error';
import type { Member } from '@/lib/api-types';
import { formatDateTime } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useDeleteMember } from '../api/delete-member';
import { useTimeZone } from '@/lib/use-time-zone';

/** 'Natation enfants (2026-11-24T16:00:00.000Z)', as the API lists a registration to come. */
const REGISTRATION = /^(.*) \((\d{4}-\d{2}-\d{2}T[^)]+)\)$/;

/** A registration to come in the 409 details, with its date in the organisation's time zone. */
export function upcomingRegistrationText(text: string, timeZone: string, locale: Locale): string {
  const match = REGISTRATION.exec(text);
  if (!match) return text;
  const when = formatDateTime(match[2]!, timeZone, locale);
  return when ? `${match[1]} · ${when}` : text;
}

export interface RemoveMemberDialogProps {
  member: Member | null;
  onClose: () => void;
}

/**
 * Confirms taking a member out of the family, saying what happens to their history and to sessions they
 * are registered for. When the API answers that registrations are to come (409), its explanation and
 * the sessions are shown, and 'Confirmer' removes the member anyway (`?confirm=true`).
 */
export function RemoveMemberDialog({ member, onClose }: RemoveMemberDialogProps) {
  const { t } = useTranslation('family');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const remove = useDeleteMember();
  const [conflict, setConflict] = useState<ApiError | null>(null);

  useEffect(() => {
    setConflict(null);
  }, [member?.id]);

  if (!member) return null;
  const name = displayName(member, 'member', locale);

  const submit = async () => {
    try {
      await remove.mutateAsync({ id: member.id, confirm: conflict !== null });
      notify.success(message('delegatedMemberDeleted', locale));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'member_has_future_registrations' && conflict === null) {
        setConflict(error);
        return;
      }
      notifyError(error);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('remove.title', { name })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('remove.cancel')}
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={() => void submit()}>
            <UserMinus aria-hidden="true" />
            {conflict ? t('remove.confirm') : t('remove.submit')}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700" data-remove-member={member.id}>
        <p>{t('remove.text', { name })}</p>
        {conflict ? (
          <Alert tone="warning" title={t('remove.upcoming')}>
            <p>{conflict.message}</p>
            {conflict.details.length > 0 ? (
              <ul className="mt-2 list-disc space-y-0.5 pl-5">
                {conflict.details.map((detail, index) => (
                  <li key={index}>{upcomingRegistrationText(detail.message, timeZone, locale)}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : (
          <p className="text-slate-600">{t('remove.future', { name })}</p>
        )}
      </div>
    </Dialog>
  );
}
