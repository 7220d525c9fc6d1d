import { PRESTATION_STATUSES } from '@inscrio/shared';
import { ChevronRight, UserPlus, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { pickerOption, SearchPicker } from '@/components/lists/search-picker';
import { useSearchText } from '@/components/lists/use-debounced-value';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { isApiError, notificationText } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useAssignHolder, useHolders, useRemoveHolder } from '../api/holders';
import type { PrestationSummary, ServiceDetail } from '../api/types';

/** The holder picker (`GET /holders`): search, then assign in one click. */
function AssignHolderDialog({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const search = useSearchText(250);
  const [error, setError] = useState<string | null>(null);
  const holders = useHolders(search.q, open);
  const assign = useAssignHolder();
  const assigned = new Set(service.prestations.map((prestation) => prestation.holderUserId));

  const pick = async (holderUserId: string, name: string) => {
    setError(null);
    try {
      await assign.mutateAsync({ serviceId: service.id, holderUserId });
      notify.success(t('holders.assigned', { name }));
      setOpen(false);
    } catch (failure) {
      const detail = isApiError(failure) ? failure.details[0]?.message : undefined;
      setError(detail ?? notificationText(failure, locale));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
        if (!next) search.setText('');
      }}
      trigger={
        <Button variant="secondary" size="sm">
          <UserPlus aria-hidden="true" />
          {t('holders.assign')}
        </Button>
      }
      title={t('holders.assignTitle')}
      description={t('holders.assignDescription')}
    >
      <div className="space-y-3">
        {error ? (
          <p className="text-sm font-medium text-red-700" role="alert">
            {error}
          </p>
        ) : null}
        <SearchPicker
          search={search}
          label={t('holders.search')}
          placeholder={t('holders.search')}
          inputProps={{ autoFocus: true }}
          results={holders}
          items={holders.data?.items ?? []}
          getKey={(holder) => holder.id}
          loadingLabel={t('holders.loading')}
          errorText={t('holders.loadError')}
          empty={search.q ? t('holders.noMatch') : t('holders.none')}
          listProps={{ 'data-holder-options': '' }}
          mode="rows"
          rowClassName="flex items-center gap-3 px-3 py-2.5"
          renderRow={(holder) => (
            <>
              <UserRound className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {holder.displayName}
                </span>
                <span className="block truncate text-xs text-slate-500">{holder.email}</span>
              </span>
              {assigned.has(holder.id) ? (
                <span className="text-xs text-slate-500">{t('holders.alreadyAssigned')}</span>
              ) : (
                <Button
                  size="sm"
                  variant="subtle"
                  loading={assign.isPending && assign.variables?.holderUserId === holder.id}
                  onClick={() => void pick(holder.id, holder.displayName)}
                  {...pickerOption}
                >
                  {t('holders.pick')}
                </Button>
              )}
            </>
          )}
        />
      </div>
    </Dialog>
  );
}

function RemoveHolder({ service, prestation }: { service: ServiceDetail; prestation: PrestationSummary }) {
  const { t } = useTranslation('services');
  const remove = useRemoveHolder();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    await remove.mutateAsync({ serviceId: service.id, prestationId: prestation.id });
    notify.success(t('holders.removed', { name: prestation.holderName }));
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-slate-500 hover:text-red-700"
          aria-label={t('holders.remove', { name: prestation.holderName })}
        >
          <X aria-hidden="true" />
        </Button>
      }
      title={t('holders.removeTitle', { name: prestation.holderName })}
      description={t('holders.removeDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('service.cancelAction')}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => void confirm().catch(() => undefined)}
          >
            {t('holders.removeConfirm')}
          </Button>
        </>
      }
    />
  );
}

/** The session's holders (prestations): each links to its page, can be removed; more can be assigned. */
export function HoldersCard({ service, editable }: { service: ServiceDetail; editable: boolean }) {
  const { t } = useTranslation('services');
  const locale = useLocale();
  return (
    <Card data-holders="">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>{t('holders.title')}</CardTitle>
        {editable ? <AssignHolderDialog service={service} /> : null}
      </CardHeader>
      <CardContent>
        {service.prestations.length === 0 ? (
          <EmptyState icon={<UserRound className="size-7" aria-hidden="true" />} title={t('holders.empty')} />
        ) : (
          <ul className="-my-1 divide-y divide-slate-100">
            {service.prestations.map((prestation) => (
              <li key={prestation.id} className="flex items-center gap-2 py-2">
                <Link
                  to={paths.managedPrestation.to(prestation.id)}
                  className="-mx-2 flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-1 hover:bg-slate-50"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {prestation.holderName}
                    </span>
                    {prestation.absenceNote ? (
                      <span className="block truncate text-xs text-slate-500">{prestation.absenceNote}</span>
                    ) : null}
                  </span>
                  <Badge variant={prestation.status === 'absent' ? 'destructive' : 'success'}>
                    {PRESTATION_STATUSES.label(prestation.status, locale)}
                  </Badge>
                  <ChevronRight className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                </Link>
                {editable ? <RemoveHolder service={service} prestation={prestation} /> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
