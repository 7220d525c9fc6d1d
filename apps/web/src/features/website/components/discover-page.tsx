import { Globe } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { buttonVariants } from '@/components/ui/button-variants';
import { DEFAULT_TIME_ZONE } from '@/lib/dates';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { usePublicWebsite } from '../api/website';
import { WebsiteView } from './website-view';

function DiscoverSkeleton() {
  const { t } = useTranslation('website');
  return (
    <div className="w-full max-w-6xl space-y-6" role="status" aria-label={t('discover.loading')}>
      <Skeleton className="h-56 w-full rounded-3xl sm:h-72" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-64 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * `/discover` (public, no sign-in): the organisation's website. Disabled: a short page saying so, with
 * the way to sign in. If its data cannot be read, the visitor is sent to the index (spec section 8).
 */
export function DiscoverPage() {
  const { t } = useTranslation('website');
  const organization = useAddressOrganization();
  const navigate = useNavigate();
  const query = usePublicWebsite(organization?.id);

  useEffect(() => {
    if (query.isError) void navigate(paths.home.to(), { replace: true });
  }, [query.isError, navigate]);

  useEffect(() => {
    if (query.data?.enabled) document.title = query.data.title;
  }, [query.data]);

  if (query.isPending || query.isError) return <DiscoverSkeleton />;
  const website = query.data;
  if (!website.enabled) {
    return (
      <div
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
        data-website-disabled=""
      >
        <Globe className="mx-auto mb-3 size-8 text-slate-400" aria-hidden="true" />
        <h1 className="text-lg font-semibold text-slate-900">{t('discover.disabledTitle')}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('discover.disabledText', { name: website.title })}</p>
        <Link to={paths.login.to()} className={`${buttonVariants()} mt-5 w-full`}>
          {t('view.signIn')}
        </Link>
      </div>
    );
  }
  return (
    <div className="w-full max-w-6xl">
      <WebsiteView website={website} timeZone={organization?.timeZone ?? DEFAULT_TIME_ZONE} />
    </div>
  );
}
