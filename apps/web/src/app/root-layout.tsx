import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { NavigationProgress } from '@/components/feedback/navigation-progress';
import { useAddressOrganization } from '@/lib/organization-context';
import type { RouteHandle } from './route-handle';

/** Keeps the window title on the current screen and organisation. */
function useDocumentTitle() {
  const matches = useMatches();
  const organization = useAddressOrganization();
  const { t, i18n } = useTranslation('common');
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)
    ?.handle as RouteHandle | undefined;
  const screen = handle?.title?.();
  useEffect(() => {
    const parts = [screen, organization?.name ?? t('appName')].filter(Boolean);
    document.title = parts.join(' · ');
    document.documentElement.lang = i18n.language;
  }, [screen, organization?.name, t, i18n.language]);
}

export function RootLayout() {
  useDocumentTitle();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
