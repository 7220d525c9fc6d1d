import { MOLLIE_STATUSES, type MollieStatus } from '@inscrio/shared';
import { ExternalLink, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useConnectMollie, useDisconnectMollie, useMollieStatus } from '../api/organization';

const STATUS_BADGES: Record<MollieStatus, BadgeVariant> = {
  unset: 'outline',
  onboarding: 'warning',
  ready: 'success',
  disconnected: 'destructive',
};

export function MollieStatusBadge({ status }: { status: MollieStatus }) {
  const locale = useLocale();
  return (
    <Badge variant={STATUS_BADGES[status]} data-mollie-status={status}>
      {MOLLIE_STATUSES.label(status, locale)}
    </Badge>
  );
}

/** Sends the browser to Mollie's authorisation page; Mollie brings it back to the payment step. */
export function goTo(url: string) {
  window.location.assign(url);
}

/** The organisation's Mollie account: its status, and connecting or disconnecting it. */
export function MollieCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organization-settings');
  const status = useMollieStatus(organizationId);
  const connect = useConnectMollie();
  const disconnect = useDisconnectMollie();
  const [confirming, setConfirming] = useState(false);

  const onConnect = async () => {
    try {
      const { url } = await connect.mutateAsync(organizationId);
      goTo(url);
    } catch (error) {
      notifyError(error);
    }
  };
  const onDisconnect = async () => {
    try {
      await disconnect.mutateAsync(organizationId);
      setConfirming(false);
      notify.success(t('mollie.disconnected'));
    } catch (error) {
      notifyError(error);
    }
  };

  if (status.isPending) {
    return (
      <div className="flex justify-center py-4">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (status.isError) return <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  const { status: value, dashboardUrl } = status.data;
  const connected = value === 'ready' || value === 'onboarding';

  return (
    <div className="space-y-4" data-mollie-card="">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">{t('mollie.status')}</span>
        <MollieStatusBadge status={value} />
      </div>
      {value === 'onboarding' ? (
        <Alert
          tone="warning"
          title={t('mollie.onboardingTitle')}
          action={
            dashboardUrl ? (
              <Button asChild variant="secondary" size="sm">
                <a href={dashboardUrl} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  {t('mollie.dashboard')}
                </a>
              </Button>
            ) : undefined
          }
        >
          {t('mollie.onboardingText')}
        </Alert>
      ) : (
        <p className="text-sm text-slate-600">{t(`mollie.text.${value}`)}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        {connected ? (
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => setConfirming(true)}
            data-mollie-disconnect=""
          >
            <Unlink aria-hidden="true" />
            {t('mollie.disconnect')}
          </Button>
        ) : (
          <Button onClick={() => void onConnect()} loading={connect.isPending} data-mollie-connect="">
            <Link2 aria-hidden="true" />
            {value === 'disconnected' ? t('mollie.reconnect') : t('mollie.connect')}
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('mollie.disconnectTitle')}
        description={t('mollie.disconnectText')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('actions.back')}
            </Button>
            <Button variant="danger" loading={disconnect.isPending} onClick={() => void onDisconnect()}>
              {t('mollie.disconnect')}
            </Button>
          </>
        }
      />
    </div>
  );
}
