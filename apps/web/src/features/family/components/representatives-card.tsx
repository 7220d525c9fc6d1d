import { Clock, MailPlus, UserCheck, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/dates';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useRepresentatives } from '../api/get-representatives';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useTimeZone } from '@/lib/use-time-zone';
import { InviteRepresentativeDialog } from './invite-representative-dialog';

function initials(text: string): string {
  const letters = text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/**
 * The family's representatives (`GET /me/representatives`): the other adults who manage it, each with
 * their own sign-in, and the invitations still waiting for an answer, which can be revoked.
 */
export function RepresentativesCard() {
  const { t } = useTranslation('family');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const query = useRepresentatives();
  const revoke = useRevokeInvitation();
  const [inviting, setInviting] = useState(false);

  const adults = query.data?.items ?? [];
  const pending = query.data?.pendingInvitations ?? [];

  const onRevoke = async (id: string) => {
    try {
      await revoke.mutateAsync(id);
      notify.success(t('representatives.revoked'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Card data-representatives="">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="space-y-1">
          <CardTitle>{t('representatives.title')}</CardTitle>
          <CardDescription className="max-w-2xl">{t('representatives.description')}</CardDescription>
        </div>
        <Button variant="secondary" className="mt-3 self-start sm:mt-0" onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" />
          {t('representatives.add')}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t('representatives.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : adults.length === 0 && pending.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
            {t('representatives.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {adults.map((adult) => (
              <li
                key={adult.userId}
                className="flex flex-wrap items-center gap-3 px-4 py-3"
                data-representative={adult.email}
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-emerald-50 text-xs font-semibold text-emerald-700">
                  {initials(adult.displayName)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{adult.displayName}</p>
                  <p className="truncate text-sm text-slate-600">{adult.email}</p>
                </div>
                <Badge variant="success">
                  <UserCheck aria-hidden="true" />
                  {t('representatives.representative')}
                </Badge>
              </li>
            ))}
            {pending.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-3 px-4 py-3"
                data-invitation={invitation.email}
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-50 text-amber-700">
                  <Clock className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium text-slate-900">{invitation.email}</span>
                    <Badge variant="warning">{t('representatives.pending')}</Badge>
                  </p>
                  <p className="text-sm text-slate-600">
                    {t('representatives.invited', {
                      sent: formatDate(invitation.createdAt, timeZone, locale),
                      by: invitation.invitedBy.displayName,
                      until: formatDate(invitation.expiresAt, timeZone, locale),
                    })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  aria-label={t('representatives.revokeLabel', { email: invitation.email })}
                  loading={revoke.isPending && revoke.variables === invitation.id}
                  onClick={() => void onRevoke(invitation.id)}
                >
                  <X aria-hidden="true" />
                  {t('representatives.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <InviteRepresentativeDialog open={inviting} onOpenChange={setInviting} />
    </Card>
  );
}
