import { countryName, isAtLeastOrgManager } from '@inscrio/shared';
import { ArrowRight, Building2, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useEstablishments } from '../api/get-establishments';
import type { Establishment } from '../api/types';

/** One line of address: 'Rue du Bassin 3, 1050 Ixelles, Belgique'. */
export function addressLine(establishment: Establishment): string {
  return [
    establishment.address,
    [establishment.postalCode, establishment.city].filter(Boolean).join(' '),
    countryName(establishment.country),
  ]
    .filter(Boolean)
    .join(', ');
}

/** `/establishments`: the establishments the user may see, with their activity counts. */
export function EstablishmentsPage() {
  const { t } = useTranslation('establishments');
  const { user } = useAuth();
  const query = useEstablishments({ pageSize: 100 });
  const establishments = query.data?.items ?? [];
  const canCreate = isAtLeastOrgManager(user);

  return (
    <PageContainer>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canCreate ? (
            <Button asChild>
              <Link to={paths.createEstablishment.to()}>
                <Plus aria-hidden="true" />
                {t('list.create')}
              </Link>
            </Button>
          ) : null
        }
      />
      <QueryStates
        query={query}
        loadingLabel={t('list.loading')}
        isEmpty={establishments.length === 0}
        empty={
          <EmptyState
            icon={<Building2 className="size-8" aria-hidden="true" />}
            title={t('list.empty')}
            text={canCreate ? t('list.emptyHint') : undefined}
          />
        }
      >
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-establishment-list="">
          {establishments.map((establishment) => (
            <li key={establishment.id}>
              <Card className="flex h-full flex-col transition-shadow hover:shadow-md">
                <Link
                  to={paths.establishment.to(establishment.id)}
                  className="flex flex-1 flex-col gap-3 rounded-2xl p-5 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <div className="flex items-start gap-3">
                    <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                      <Building2 className="size-5" aria-hidden="true" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold text-slate-900" data-establishment-name="">
                        {establishment.name}
                      </p>
                      <p className="text-sm text-slate-600">
                        {addressLine(establishment) || t('detail.noAddress')}
                      </p>
                    </div>
                    {establishment.isDefault ? <Badge variant="info">{t('default')}</Badge> : null}
                  </div>
                  <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
                    <span className="text-slate-700">
                      {t('activityCount', { count: establishment.activityCount })}
                    </span>
                    <span className="inline-flex items-center gap-1 font-medium text-brand-700">
                      {t('list.open')}
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </span>
                  </div>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </QueryStates>
    </PageContainer>
  );
}
