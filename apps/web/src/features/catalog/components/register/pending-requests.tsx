import { displayName, PARTICIPANT_STATUSES, type ParticipantDto } from '@inscrio/shared';
import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

/** The family's requests for this activity still waiting for the club (« En attente »). */
export function PendingRequests({
  items,
  label,
}: {
  items: ParticipantDto[];
  label: (startDateTime: string, duration?: number) => string;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  if (items.length === 0) return null;
  return (
    <section
      className="mb-6 space-y-2 rounded-xl border border-pink-200 bg-pink-50/60 p-3"
      aria-labelledby="pending-requests-title"
      data-pending-requests=""
    >
      <h3 id="pending-requests-title" className="flex items-center gap-2 text-sm font-semibold text-pink-900">
        <Hourglass className="size-4" aria-hidden="true" />
        {t('register.request.pendingTitle', { count: items.length })}
      </h3>
      <ul className="space-y-1.5 text-sm text-slate-800">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
            data-pending-request={item.id}
          >
            <span>
              <span className="font-medium">{displayName(item.member, 'participant', locale)}</span> ·{' '}
              {label(item.service.startDateTime, item.service.duration)}
            </span>
            <Badge variant="pink">{PARTICIPANT_STATUSES.label('needs-review', locale)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-xs text-pink-900/80">{t('register.request.pendingText')}</p>
    </section>
  );
}
