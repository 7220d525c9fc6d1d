import { CalendarPlus, Copy, ExternalLink, Link2Off, RefreshCw, ShieldAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { notify } from '@/lib/notify';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRegenerateCalendarFeed } from '../api/regenerate-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';

/** Copies with the Clipboard API, else by selecting the field (older browsers, no permission). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** The same address for calendar apps that open `webcal:` links (Apple Calendrier, Outlook). */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

type FeedAction = 'regenerate' | 'revoke';

/** 'S'abonner au calendrier': the secret iCalendar address, its copy button, regenerate and revoke. */
export function CalendarFeedPanel() {
  const { t } = useTranslation('calendar');
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The dialog keeps its texts while it fades out: the action is remembered apart from the open state.
  const [action, setAction] = useState<FeedAction>('regenerate');
  const [confirming, setConfirming] = useState(false);
  const ask = (next: FeedAction) => {
    setAction(next);
    setConfirming(true);
  };
  const url = feed.data?.url ?? null;

  const onCopy = async () => {
    if (!url) return;
    if (await copyText(url, field.current)) notify.success(t('feed.copied'));
    else notify.error(t('feed.copyFailed'));
  };

  const onCreate = () => create.mutate(undefined, { onSuccess: () => notify.success(t('feed.created')) });

  const onConfirm = () => {
    if (action === 'regenerate') {
      regenerate.mutate(undefined, {
        onSuccess: () => {
          setConfirming(false);
          notify.success(t('feed.regenerated'));
        },
      });
    } else {
      revoke.mutate(undefined, {
        onSuccess: () => {
          setConfirming(false);
          notify.success(t('feed.revoked'));
        },
      });
    }
  };

  let body;
  if (feed.isPending) {
    body = <Skeleton className="h-10 w-full rounded-lg" />;
  } else if (feed.isError) {
    body = <ErrorState title={t('feed.error')} error={feed.error} onRetry={() => void feed.refetch()} />;
  } else if (!url) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-600">{t('feed.none')}</p>
        <Button onClick={onCreate} loading={create.isPending} data-feed-create="">
          <CalendarPlus aria-hidden="true" />
          {t('feed.create')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
            {t('feed.urlLabel')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={field}
              id={fieldId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs sm:text-xs"
              data-feed-url=""
            />
            <Button variant="primary" onClick={() => void onCopy()} className="sm:w-auto">
              <Copy aria-hidden="true" />
              {t('feed.copy')}
            </Button>
          </div>
          <p className="flex items-start gap-1.5 text-xs text-slate-600">
            <ShieldAlert className="mt-px size-3.5 shrink-0 text-amber-600" aria-hidden="true" />
            {t('feed.secret')}
          </p>
        </div>

        <div className="rounded-xl bg-slate-50 px-4 py-3">
          <p className="text-sm font-semibold text-slate-800">{t('feed.howTo.title')}</p>
          <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
            <li>
              <span className="font-semibold">Google Agenda</span> — {t('feed.howTo.google')}
            </li>
            <li>
              <span className="font-semibold">Apple Calendrier</span> — {t('feed.howTo.apple')}
            </li>
            <li>
              <span className="font-semibold">Outlook</span> — {t('feed.howTo.outlook')}
            </li>
          </ul>
          <a
            href={webcal(url)}
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('feed.openInApp')}
          </a>
        </div>

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={() => ask('regenerate')} data-feed-regenerate="">
            <RefreshCw aria-hidden="true" />
            {t('feed.regenerate')}
          </Button>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => ask('revoke')}
            data-feed-revoke=""
          >
            <Link2Off aria-hidden="true" />
            {t('feed.revoke')}
          </Button>
        </div>
      </div>
    );
  }

  const pending = regenerate.isPending || revoke.isPending;

  return (
    <Card data-calendar-feed="">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarPlus className="size-5 text-brand-700" aria-hidden="true" />
          {t('feed.title')}
        </CardTitle>
        <CardDescription>{t('feed.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>

      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !pending) setConfirming(false);
        }}
        title={action === 'revoke' ? t('feed.confirmRevoke.title') : t('feed.confirmRegenerate.title')}
        description={action === 'revoke' ? t('feed.confirmRevoke.text') : t('feed.confirmRegenerate.text')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={pending}>
                {t('feed.cancel')}
              </Button>
            </DialogClose>
            <Button
              variant={action === 'revoke' ? 'danger' : 'primary'}
              loading={pending}
              onClick={onConfirm}
            >
              {action === 'revoke' ? t('feed.confirmRevoke.action') : t('feed.confirmRegenerate.action')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
