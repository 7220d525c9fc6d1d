import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { PlaceholderPage } from '@/components/feedback/placeholder-page';
import type { RouteHandle } from '../route-handle';

/** Every screen a later version brings: titled by its route (the menu label for menu destinations). */
export function Component() {
  // Subscribes to language changes so the title follows them.
  useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return <PlaceholderPage title={handle?.title?.() ?? ''} />;
}
