import { ChevronLeft, ChevronRight, Menu } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { SideDrawer } from '@/components/ui/side-drawer';
import { useAuth } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { useCustomButton } from '@/lib/website-data';
import { ImpersonationBanner } from './impersonation-banner';
import { OrganizationLogo } from './organization-logo';
import { SideMenu } from './side-menu';
import { useMediaQuery, WIDE_LAYOUT_QUERY } from './use-media-query';

const COLLAPSED_KEY = 'inscrio.menu.collapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function SkipLink() {
  const { t } = useTranslation('navigation');
  return (
    <a
      href="#content"
      className="sr-only z-[60] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t('layout.skipToContent')}
    </a>
  );
}

/**
 * The signed-in layout: the side menu fixed on wide screens (a 16rem column that collapses to a 4rem
 * rail) and a drawer below 1400 px, opened from the top bar. `headerActions` (the family's cart) sit at
 * the right of the top bar, or in the top right corner on wide screens, which have no top bar.
 */
export function MainLayout({ headerActions }: { headerActions?: ReactNode } = {}) {
  const { t } = useTranslation('navigation');
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const customButton = useCustomButton();
  const location = useLocation();
  const addressOrganization = useAddressOrganization();
  const { organization: selected } = useAuth();
  const organization = addressOrganization ?? selected;

  // The drawer belongs to narrow screens: it closes when the window grows or the page changes.
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.pathname]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // The choice holds for this visit only.
      }
      return !value;
    });
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />

      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 wide:flex',
          collapsed ? 'w-16' : 'w-64',
        )}
        data-side-menu="fixed"
        data-collapsed={collapsed ? 'true' : 'false'}
      >
        {wide ? <SideMenu collapsed={collapsed} customButton={customButton} /> : null}
        <button
          type="button"
          onClick={toggleCollapsed}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
          title={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
          className="absolute top-5 -right-3.5 grid size-7 place-items-center rounded-full border border-slate-200 bg-white text-slate-500 shadow-sm hover:text-slate-900"
        >
          {collapsed ? (
            <ChevronRight className="size-4" aria-hidden="true" />
          ) : (
            <ChevronLeft className="size-4" aria-hidden="true" />
          )}
        </button>
      </aside>

      {!wide ? (
        <SideDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          side="left"
          title={t('layout.mainNavigation')}
          hideTitle
          hideClose
          className="w-[min(18rem,calc(100vw-3rem))]"
        >
          <div className="h-full" data-side-menu="drawer">
            <SideMenu
              customButton={customButton}
              onNavigate={() => setDrawerOpen(false)}
              onClose={() => setDrawerOpen(false)}
            />
          </div>
        </SideDrawer>
      ) : null}

      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'wide:pl-16' : 'wide:pl-64',
        )}
      >
        <ImpersonationBanner />
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-3 backdrop-blur wide:hidden sm:px-4">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label={t('layout.openMenu')}
            aria-expanded={drawerOpen}
            className="grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
            data-menu-open=""
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <Link to={paths.home.to()} className="flex min-w-0 items-center gap-2.5 rounded-lg">
            <OrganizationLogo organization={organization} className="size-8 rounded-lg text-xs" />
            <span className="truncate text-sm font-semibold text-slate-900">{organization?.name}</span>
          </Link>
          {!wide && headerActions ? <div className="ml-auto flex items-center">{headerActions}</div> : null}
        </header>
        {wide && headerActions ? <div className="fixed top-3 right-4 z-20">{headerActions}</div> : null}
        <main id="content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
