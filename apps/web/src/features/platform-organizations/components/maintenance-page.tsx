import { RotateCw, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';

/**
 * `/maintenance`: where the guards send a club's members (and visitors) while the platform staff keep
 * the club in maintenance. « Réessayer » looks the club up again and goes back to its home.
 */
export function MaintenancePage() {
  const { t } = useTranslation('platform-organizations');
  const organization = useAddressOrganization();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const retry = async () => {
    await queryClient.invalidateQueries({ queryKey: ['organizations', 'directory'] });
    await navigate(paths.home.to());
  };

  return (
    <div className="w-full max-w-md" data-maintenance-page="">
      <div className="rounded-2xl border border-slate-200/80 bg-white px-6 py-10 text-center shadow-xl shadow-slate-900/[0.04] sm:px-10">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-amber-100 text-amber-700">
          <Wrench className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{t('maintenance.title')}</h1>
        <p className="mt-2 text-[15px] text-slate-600">
          {organization ? t('maintenance.textNamed', { name: organization.name }) : t('maintenance.text')}
        </p>
        <p className="mt-2 text-sm text-slate-500">{t('maintenance.hint')}</p>
        <Button size="lg" className="mt-8" onClick={() => void retry()}>
          <RotateCw aria-hidden="true" />
          {t('maintenance.retry')}
        </Button>
      </div>
    </div>
  );
}
