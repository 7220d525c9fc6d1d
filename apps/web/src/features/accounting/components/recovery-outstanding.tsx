import { formatMoney, type RecoveryOutstanding } from '@inscrio/shared';
import { useQuery } from '@tanstack/react-query';
import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';

/**
 * Outstanding recovery tokens: how many are still available and the value they stand for (what families
 * paid for the sessions they missed). Left out when it cannot be read: the invoices stand without it.
 */
export function RecoveryOutstandingCard() {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['recovery-tokens', 'outstanding'],
    queryFn: ({ signal }) => api.get<RecoveryOutstanding>('/recovery-tokens/outstanding', { signal }),
    meta: { silent: true },
  });
  if (!query.data) return null;
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6"
      data-recovery-outstanding=""
    >
      <div className="flex min-w-0 items-center gap-3 sm:w-60">
        <Ticket className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div>
          <p className="text-sm font-semibold text-slate-900">{t('recovery.title')}</p>
          <p className="text-xs text-slate-600">{t('recovery.hint')}</p>
        </div>
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{t('recovery.count')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-outstanding-count="">
            {query.data.count}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{t('recovery.value')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-outstanding-value="">
            {formatMoney(query.data.valueCents, locale)}
          </dd>
        </div>
      </dl>
      <Link
        to={paths.recoveryTokens.to()}
        className="inline-flex h-10 items-center text-sm font-medium text-brand-700 hover:underline"
      >
        {t('recovery.link')}
      </Link>
    </Card>
  );
}
