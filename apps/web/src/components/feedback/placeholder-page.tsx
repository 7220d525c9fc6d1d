import { Construction, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/** A screen a later version brings: its title (the menu label) and a clear 'Bientôt disponible'. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation('common');
  return (
    <PageContainer>
      <PageHeader title={title} />
      <section
        className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
        aria-labelledby="placeholder-title"
        data-placeholder=""
      >
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-8 ring-brand-50/50">
          <Construction className="size-7" aria-hidden="true" />
        </span>
        <div className="space-y-1.5">
          <h2 id="placeholder-title" className="text-lg font-semibold text-slate-900">
            {t('placeholder.title')}
          </h2>
          <p className="mx-auto max-w-md text-sm text-slate-600">{t('placeholder.text')}</p>
        </div>
        <Button asChild variant="secondary">
          <Link to={paths.home.to()}>
            <House aria-hidden="true" />
            {t('placeholder.backHome')}
          </Link>
        </Button>
      </section>
    </PageContainer>
  );
}
