import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAuth } from '@/lib/auth-store';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { ImpersonationBanner } from './impersonation-banner';
import { SkipLink } from './main-layout';
import { OrganizationLogo } from './organization-logo';

/** Focused screens (creation forms, wizards): no side menu, a way back, the content centred. */
export function SimpleLayout() {
  const { t } = useTranslation('navigation');
  const addressOrganization = useAddressOrganization();
  const { organization: selected } = useAuth();
  const organization = addressOrganization ?? selected;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <ImpersonationBanner />
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link
            to={paths.home.to()}
            className="-ml-2.5 inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('layout.back')}
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-2.5">
            <span className="truncate text-sm font-semibold text-slate-900">{organization?.name}</span>
            <OrganizationLogo organization={organization} className="size-8 rounded-lg text-xs" />
          </div>
        </div>
      </header>
      <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
    </div>
  );
}
