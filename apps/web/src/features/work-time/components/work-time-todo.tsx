import { isAtLeastEstManager, shiftMonth } from '@inscrio/shared';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useWorkMonthOverview } from '../api/work-time';
import { currentMonthIn, useWorkTexts } from './texts';

/** The managers' dashboard link to last month's hours, with how many months wait for validation. */
export function WorkTimeToDo() {
  const { t } = useTranslation('work-time');
  const { user } = useAuth();
  const texts = useWorkTexts();
  const month = shiftMonth(currentMonthIn(texts.timeZone), -1);
  const query = useWorkMonthOverview(month, { status: 'submitted', page: 1, pageSize: 1 });
  if (!isAtLeastEstManager(user)) return null;
  const count = query.data?.total ?? 0;
  return (
    <Link
      to={paths.workTime.to(count > 0 ? { month, status: 'submitted' } : { month })}
      data-work-time-todo=""
      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-xs hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span
        className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
        aria-hidden="true"
      >
        <Clock className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{t('dashboard.label')}</span>
        <span className="block text-xs text-slate-600">
          {query.isSuccess ? t('dashboard.detail', { count, month: texts.month(month) }) : texts.month(month)}
        </span>
      </span>
    </Link>
  );
}
