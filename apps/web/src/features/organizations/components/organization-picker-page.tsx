import { ArrowRight, Building, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { OrganizationLogo } from '@/components/layouts/organization-logo';
import { Spinner } from '@/components/ui/spinner';
import { organizationUrl } from '@/lib/organization-host';
import { paths } from '@/lib/paths';
import { DirectorySearchInput, useDirectorySearch } from './organization-search';

/** The bare base host (no organisation in the address): find your organisation and go to its space. */
export function OrganizationPickerPage() {
  const { t } = useTranslation('organizations');
  const { q, setQ, query } = useDirectorySearch();
  const organizations = query.data ?? [];

  return (
    <div className="w-full max-w-xl">
      <div className="mb-8 space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('picker.title')}</h1>
        <p className="text-[15px] text-slate-600">{t('picker.description')}</p>
      </div>
      <div className="rounded-2xl border border-slate-200/80 bg-white p-4 shadow-xl shadow-slate-900/[0.04] sm:p-6">
        <DirectorySearchInput id="organization-search" value={q} onChange={setQ} />
        <div className="mt-4" aria-live="polite" aria-busy={query.isFetching}>
          {query.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label={t('search.loading')} />
            </div>
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : organizations.length === 0 ? (
            <EmptyState
              icon={<Building className="size-8" aria-hidden="true" />}
              title={t('search.empty')}
              text={t('search.emptyHint')}
            />
          ) : (
            <ul className="divide-y divide-slate-100" data-organization-list="">
              {organizations.map((organization) => (
                <li key={organization.id}>
                  <a
                    href={organizationUrl(organization.key, '/')}
                    className="group flex items-center gap-3 rounded-xl px-2 py-3 hover:bg-slate-50"
                  >
                    <OrganizationLogo organization={organization} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-slate-900">{organization.name}</span>
                      <span className="block truncate text-xs text-slate-500">
                        {organizationUrl(organization.key, '/')
                          .replace(/^https?:\/\//, '')
                          .replace(/\/$/, '')}
                      </span>
                    </span>
                    <ArrowRight
                      className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
                      aria-hidden="true"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Sparkles className="mr-1.5 inline size-4 text-brand-600" aria-hidden="true" />
        {t('picker.createPrompt')}{' '}
        <Link to={paths.onboarding.to()} className="font-semibold text-brand-700 hover:underline">
          {t('picker.createLink')}
        </Link>
      </p>
    </div>
  );
}
