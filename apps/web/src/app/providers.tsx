import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { getAuthState } from '@/lib/auth-store';
import { applyUserLocale, i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { startProactiveRefresh } from '@/lib/token-refresh';
import { Notifications } from './notifications';

/** Query cache, translations, notifications, and the proactive token refresh while the app runs. */
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    const { user } = getAuthState();
    if (user) applyUserLocale(user.locale);
    return startProactiveRefresh();
  }, []);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Notifications />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
