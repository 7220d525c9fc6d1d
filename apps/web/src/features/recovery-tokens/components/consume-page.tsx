import type { RecoverySession } from '@inscrio/shared';
import { CalendarCheck, CalendarX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { BackLink } from '@/components/ui/back-link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { notify, notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useConsumeRecoveryToken, useRecoverySessions, useRecoveryToken } from '../api/recovery-tokens';
import { useTokenDates, useTokenOrigin } from './token-text';

/** Whose token it is and what it makes up for: « Pour Léa · Absence au Judo du lun. 12/10 ». */
function TokenSummary({ id }: { id: string }) {
  const { t } = useTranslation('recovery-tokens');
  const token = useRecoveryToken(id);
  const origin = useTokenOrigin();
  const dates = useTokenDates();
  if (!token.data) return null;
  return (
    <p
      className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
      data-token-summary=""
    >
      <span className="font-semibold text-slate-900">
        {t('consume.for', { name: token.data.memberFirstName || token.data.memberLastName })}
      </span>
      {' · '}
      {origin(token.data)}
      {' · '}
      {t('family.validUntil', { date: dates.day(token.data.expiresAt) })}
    </p>
  );
}

function SessionChoice({ session, onChoose }: { session: RecoverySession; onChoose: () => void }) {
  const { t } = useTranslation('recovery-tokens');
  const dates = useTokenDates();
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-recovery-session={session.serviceId}
      data-start={session.startDateTime}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <span
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: session.colorCode }}
            aria-hidden="true"
          />
          <span className="min-w-0 break-words">{session.activityName}</span>
        </p>
        <p className="text-sm text-slate-700 tabular-nums">{dates.sessionWithTime(session.startDateTime)}</p>
        <p className="text-xs text-slate-600">
          {session.freeSeats === -1
            ? t('consume.unlimited')
            : t('consume.freeSeats', { count: session.freeSeats })}
        </p>
      </div>
      <Button
        size="lg"
        className="w-full sm:w-auto"
        onClick={onChoose}
        aria-label={t('consume.chooseOf', {
          activity: session.activityName,
          date: dates.sessionWithTime(session.startDateTime),
        })}
        data-choose-session={session.serviceId}
      >
        {t('consume.choose')}
      </Button>
    </li>
  );
}

/**
 * `/recovery-tokens/{id}/consume`: the sessions the token may take (future, of an activity that allows
 * recovery, a free seat, the member's age, no overlap, before it expires, in the club's scope); choosing
 * one registers the member at no charge.
 */
export function ConsumeRecoveryTokenPage() {
  const { t } = useTranslation('recovery-tokens');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dates = useTokenDates();
  const query = useRecoverySessions(id);
  const consume = useConsumeRecoveryToken(id);
  const [chosen, setChosen] = useState<RecoverySession | null>(null);
  const sessions = query.data ?? [];

  const confirm = () => {
    if (!chosen) return;
    consume.mutate(chosen.serviceId, {
      onSuccess: () => {
        notify.success(
          t('consume.done', {
            activity: chosen.activityName,
            date: dates.sessionWithTime(chosen.startDateTime),
          }),
        );
        setChosen(null);
        void navigate(paths.recoveryTokens.to());
      },
      onError: (error) => {
        setChosen(null);
        notifyError(error);
        void query.refetch();
      },
    });
  };

  return (
    <PageContainer className="max-w-3xl">
      <BackLink to={paths.recoveryTokens.to()}>{t('title')}</BackLink>
      <PageHeader title={t('consume.title')} description={t('consume.description')} />
      <TokenSummary id={id} />
      <QueryStates
        query={query}
        loadingLabel={t('loading')}
        isEmpty={sessions.length === 0}
        empty={
          <EmptyState
            icon={<CalendarX className="size-8" aria-hidden="true" />}
            title={t('consume.empty')}
            text={t('consume.emptyText')}
          />
        }
      >
        <ul className="space-y-2" data-recovery-sessions="">
          {sessions.map((session) => (
            <SessionChoice key={session.serviceId} session={session} onChoose={() => setChosen(session)} />
          ))}
        </ul>
      </QueryStates>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        title={t('consume.confirmTitle')}
        description={
          chosen
            ? t('consume.confirmText', {
                activity: chosen.activityName,
                date: dates.sessionWithTime(chosen.startDateTime),
              })
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" size="lg" onClick={() => setChosen(null)}>
              {t('consume.back')}
            </Button>
            <Button size="lg" onClick={confirm} disabled={consume.isPending} data-confirm-consume="">
              <CalendarCheck aria-hidden="true" />
              {t('consume.confirm')}
            </Button>
          </>
        }
      />
    </PageContainer>
  );
}
