import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAddressOrganization } from '@/lib/organization-context';
import { LanguageSwitch } from './language-switch';
import { SkipLink } from './main-layout';
import { OrganizationLogo } from './organization-logo';

/** Pages for visitors: the organisation's name, a language switch, the page in the middle. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const organization = useAddressOrganization();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-hidden bg-slate-50">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-80 bg-gradient-to-b from-brand-100/70 via-brand-50/40 to-transparent"
        aria-hidden="true"
      />
      <SkipLink />
      <header className="relative z-10 mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <OrganizationLogo organization={organization} />
          <div className="min-w-0 leading-tight">
            <p className="truncate text-sm font-semibold text-slate-900">
              {organization?.name ?? t('appName')}
            </p>
            <p className="truncate text-xs text-slate-500">{t('tagline')}</p>
          </div>
        </div>
        <LanguageSwitch />
      </header>
      <main
        id="content"
        tabIndex={-1}
        className="relative z-10 flex flex-1 flex-col items-center px-4 pt-4 pb-12 focus:outline-none sm:pt-10"
      >
        <Outlet />
      </main>
      <footer className="relative z-10 px-4 pb-6 text-center text-xs text-balance text-slate-500">
        {t('footer', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
