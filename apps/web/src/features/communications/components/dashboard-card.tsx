import { Mail, PenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** The managers' dashboard: write to the families, or follow the messages sent. */
export function CommunicationsDashboardCard() {
  const { t } = useTranslation('communications');
  return (
    <section
      aria-labelledby="dashboard-communications"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex items-center gap-3">
        <Mail className="size-5 text-brand-700" aria-hidden="true" />
        <h2 id="dashboard-communications" className="text-base font-semibold text-slate-900">
          {t('title')}
        </h2>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.communications.to()}>{t('dashboard.follow')}</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={`${paths.communications.to()}?compose=everyone`} data-action="dashboard-compose">
            <PenLine aria-hidden="true" />
            {t('dashboard.write')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
