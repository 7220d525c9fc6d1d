import { message } from '@inscrio/shared';
import { isCancelledError } from '@tanstack/react-query';
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { PageLoader } from '@/components/feedback/page-loader';
import { buttonVariants } from '@/components/ui/button-variants';
import { isApiError, statusText } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';

const MAX_CANCELLED_RETRIES = 3;
let cancelledRetries = 0;

/**
 * What shows when a screen cannot load: its guard could not reach the API (the organisation lookup
 * failed), or its code failed to download after a new deployment. Reloading fixes both.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const revalidator = useRevalidator();
  // A lookup cancelled by a session ending (the query cache is cleared) is no failure: load again, and
  // the guard then sends a signed-out visitor to the login page.
  const cancelled = isCancelledError(error) && cancelledRetries < MAX_CANCELLED_RETRIES;
  const onErrorShown = useEffectEvent(() => {
    if (!cancelled) {
      cancelledRetries = 0;
      return;
    }
    cancelledRetries += 1;
    void revalidator.revalidate();
  });
  // Once per error shown.
  useEffect(() => onErrorShown(), [error]);
  if (cancelled) return <PageLoader fullScreen />;
  const locale = currentLocale();
  const chunkFailed =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  const text = chunkFailed
    ? t('routeError.newVersion')
    : isRouteErrorResponse(error)
      ? statusText(undefined, locale)
      : isApiError(error)
        ? message('organizationFetchFailed', locale)
        : statusText(error, locale);
  if (!chunkFailed && !isApiError(error)) console.error(error);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-lg font-semibold text-slate-900">{t('routeError.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
        {/* The button's look without its component: this screen is in the page's first JavaScript. */}
        <button type="button" className={`${buttonVariants()} mt-6`} onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          {t('actions.reload')}
        </button>
      </div>
    </div>
  );
}
