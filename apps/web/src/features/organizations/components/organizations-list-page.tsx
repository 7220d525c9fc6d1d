import { ArrowRight, Building, ExternalLink, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { OrganizationLogo } from '@/components/layouts/organization-logo';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { organizationUrl } from '@/lib/organization-host';
import { PAGE_NOT_FOUND, paths, QUERY } from '@/lib/paths';
import { DirectorySearchInput, useDirectorySearch } from './organization-search';

/**
 * `/organizations-list`: the organisations of the platform, for system administrators and support.
 * Reads the public directory for now; archiving, maintenance and licences come with the organisations
 * administration screens.
 */
export function OrganizationsListPage() {
  const { t } = useTranslation('organizations');
  const [searchParams, setSearchParams] = useSearchParams();
  const { q, setQ, query } = useDirectorySearch();
  const organizations = query.data ?? [];
  const pageNotFound = searchParams.get(QUERY.error) === PAGE_NOT_FOUND;

  return (
    <PageContainer>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <Button asChild>
            <Link to={paths.createOrganization.to()}>
              <Plus aria-hidden="true" />
              {t('list.create')}
            </Link>
          </Button>
        }
      />
      {pageNotFound ? (
        <Alert
          tone="info"
          action={
            <Button variant="ghost" size="sm" onClick={() => setSearchParams({}, { replace: true })}>
              {t('list.dismiss')}
            </Button>
          }
        >
          {t('list.pageNotFound')}
        </Alert>
      ) : null}
      <Card className="overflow-hidden">
        <div className="border-b border-slate-100 p-4 sm:p-5">
          <div className="max-w-md">
            <DirectorySearchInput id="organizations-list-search" value={q} onChange={setQ} />
          </div>
        </div>
        <QueryStates
          query={query}
          loadingLabel={t('search.loading')}
          isEmpty={organizations.length === 0}
          inCard
          empty={
            <EmptyState
              icon={<Building className="size-8" aria-hidden="true" />}
              title={t('search.empty')}
              text={t('search.emptyHint')}
            />
          }
        >
          <ul className="divide-y divide-slate-100" data-organization-list="">
            {organizations.map((organization) => (
              <li
                key={organization.id}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <OrganizationLogo organization={organization} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900" data-organization-name="">
                      {organization.name}
                    </p>
                    <p className="truncate text-xs text-slate-500">
                      {organization.key} · {organization.timeZone}
                      {organization.maintenance ? ` · ${t('list.maintenance')}` : ''}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2 sm:shrink-0">
                  <Button asChild variant="secondary" size="sm">
                    <a
                      href={organizationUrl(organization.key, '/login')}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <ExternalLink aria-hidden="true" />
                      {t('list.openSpace')}
                    </a>
                  </Button>
                  <Button asChild variant="subtle" size="sm">
                    <Link to={paths.organization.to(organization.id)}>
                      {t('list.details')}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </QueryStates>
      </Card>
    </PageContainer>
  );
}
