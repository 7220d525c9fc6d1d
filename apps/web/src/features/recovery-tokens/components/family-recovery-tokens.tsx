import type { RecoveryTokenDto } from '@inscrio/shared';
import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useRecoveryTokens } from '../api/recovery-tokens';
import { TokenStatusBadge, useTokenDates, useTokenOrigin, useTokenValue } from './token-text';

/** The family's tokens fit in one page (a token per missed session, a few a season). */
const PAGE_SIZE = 100;

/** What a token's state says under its origin: until when, or what became of it. */
function TokenState({ token }: { token: RecoveryTokenDto }) {
  const { t } = useTranslation('recovery-tokens');
  const dates = useTokenDates();
  switch (token.status) {
    case 'available':
      return <>{t('family.validUntil', { date: dates.day(token.expiresAt) })}</>;
    case 'used':
      return token.usedSession ? (
        <>
          {t('family.usedFor', {
            activity: token.usedSession.activityName,
            date: dates.sessionWithTime(token.usedSession.startDateTime),
          })}
        </>
      ) : (
        <>{t('family.used')}</>
      );
    case 'expired':
      return <>{t('family.expiredOn', { date: dates.day(token.expiresAt) })}</>;
    case 'cancelled':
      return <>{t('family.cancelled', { reason: token.cancelReason ?? '' })}</>;
  }
}

function TokenCard({ token }: { token: RecoveryTokenDto }) {
  const { t } = useTranslation('recovery-tokens');
  const origin = useTokenOrigin();
  const value = useTokenValue();
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-recovery-token={token.id}
      data-status={token.status}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <TokenStatusBadge status={token.status} />
          <span className="text-sm font-semibold text-slate-900 tabular-nums">{value(token.valueCents)}</span>
        </div>
        <p className="font-medium break-words text-slate-900">{origin(token)}</p>
        <p className="text-sm text-slate-600">
          <TokenState token={token} />
        </p>
      </div>
      {token.status === 'available' ? (
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to={paths.recoveryTokenConsume.to(token.id)} data-use-token={token.id}>
            {t('family.use')}
          </Link>
        </Button>
      ) : null}
    </li>
  );
}

/** The family's tokens, grouped by family member (available ones first within each). */
export function FamilyRecoveryTokens() {
  const { t } = useTranslation('recovery-tokens');
  const query = useRecoveryTokens({ page: 1, pageSize: PAGE_SIZE });
  const items = query.data?.items ?? [];
  const groups = new Map<string, { name: string; tokens: RecoveryTokenDto[] }>();
  for (const token of items) {
    const group = groups.get(token.memberId) ?? {
      name: `${token.memberFirstName} ${token.memberLastName}`.trim(),
      tokens: [],
    };
    group.tokens.push(token);
    groups.set(token.memberId, group);
  }
  const rank = (token: RecoveryTokenDto) => (token.status === 'available' ? 0 : 1);

  return (
    <QueryStates
      query={query}
      loadingLabel={t('loading')}
      isEmpty={items.length === 0}
      empty={
        <EmptyState
          icon={<Ticket className="size-8" aria-hidden="true" />}
          title={t('family.empty')}
          text={t('family.emptyText')}
        />
      }
    >
      <div className="space-y-6" data-family-tokens="">
        {[...groups.entries()].map(([memberId, group]) => (
          <section key={memberId} aria-labelledby={`tokens-${memberId}`} className="space-y-2">
            <h2 id={`tokens-${memberId}`} className="text-lg font-semibold text-slate-900">
              {group.name}
            </h2>
            <ul className="space-y-2">
              {[...group.tokens]
                .sort((a, b) => rank(a) - rank(b))
                .map((token) => (
                  <TokenCard key={token.id} token={token} />
                ))}
            </ul>
          </section>
        ))}
      </div>
    </QueryStates>
  );
}
