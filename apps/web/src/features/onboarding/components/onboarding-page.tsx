import { CalendarCheck, CreditCard, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handoffLoginPath } from '@/features/auth';
import { organizationUrl } from '@/lib/organization-host';
import { useOnboardOrganization } from '../api/onboard-organization';
import { OrganizationForm } from './organization-form';

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-white/10 text-white">
        {icon}
      </span>
      <span>
        <span className="block text-sm font-semibold text-white">{title}</span>
        <span className="block text-sm text-brand-100">{text}</span>
      </span>
    </li>
  );
}

/**
 * `/onboarding`: an organisation signs itself up (DESIGN.md section 9). Once created, the browser goes to
 * the new subdomain's login page with a single-use, 60-second code in the fragment (never sent to any
 * server nor kept in its logs); that page exchanges it and signs the administrator in.
 */
export function OnboardingPage() {
  const { t } = useTranslation('onboarding');
  const onboard = useOnboardOrganization();

  return (
    <div className="grid w-full max-w-5xl overflow-hidden rounded-2xl border border-slate-200/80 bg-white shadow-xl shadow-slate-900/[0.04] lg:grid-cols-5">
      <aside className="relative overflow-hidden bg-brand-800 px-6 py-8 sm:px-8 lg:col-span-2">
        <div className="absolute -top-20 -left-16 size-64 rounded-full bg-white/5" aria-hidden="true" />
        <div className="relative space-y-6">
          <div className="space-y-2">
            <p className="text-sm font-medium text-brand-200">{t('eyebrow')}</p>
            <h1 className="text-2xl font-bold tracking-tight text-white">{t('title')}</h1>
            <p className="text-sm text-brand-100">{t('description')}</p>
          </div>
          <ul className="space-y-4">
            <Benefit
              icon={<CalendarCheck className="size-4" aria-hidden="true" />}
              title={t('benefits.activities.title')}
              text={t('benefits.activities.text')}
            />
            <Benefit
              icon={<Users className="size-4" aria-hidden="true" />}
              title={t('benefits.families.title')}
              text={t('benefits.families.text')}
            />
            <Benefit
              icon={<CreditCard className="size-4" aria-hidden="true" />}
              title={t('benefits.payments.title')}
              text={t('benefits.payments.text')}
            />
          </ul>
          <p className="text-sm text-brand-100">{t('trial')}</p>
        </div>
      </aside>
      <div className="px-6 py-8 sm:px-8 lg:col-span-3">
        <OrganizationForm
          submitLabel={t('submit')}
          pending={onboard.isPending || onboard.isSuccess}
          onSubmit={async (values) => {
            const { planKey: _planKey, ...form } = values;
            const result = await onboard.mutateAsync(form);
            window.location.assign(
              organizationUrl(result.organizationKey, handoffLoginPath(result.handoffCode)),
            );
          }}
        />
      </div>
    </div>
  );
}
