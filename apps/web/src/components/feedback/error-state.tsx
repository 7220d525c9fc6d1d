import { RotateCcw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { statusText } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';

/** A failed load inside a screen: the status text of spec section 8 and a retry. */
export function ErrorState({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl border border-red-200 bg-red-50/60 px-6 py-10 text-center"
    >
      <TriangleAlert className="size-7 text-red-600" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-semibold text-red-900">{title ?? t('errorState.title')}</p>
        <p className="text-sm text-red-800">{statusText(error, currentLocale())}</p>
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {t('actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show yet. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon ? <span className="text-slate-400">{icon}</span> : null}
      <div className="space-y-1">
        <p className="font-semibold text-slate-900">{title}</p>
        {text ? <p className="text-sm text-slate-600">{text}</p> : null}
      </div>
      {action}
    </div>
  );
}
