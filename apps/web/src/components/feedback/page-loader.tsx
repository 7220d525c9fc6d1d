import { useTranslation } from 'react-i18next';

/** Shown while a screen's code or its guard is loading; matches the placeholder of index.html. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      role="status"
      aria-live="polite"
      className={
        fullScreen
          ? 'fixed inset-0 flex flex-col items-center justify-center gap-4 bg-slate-50'
          : 'flex min-h-[40vh] flex-col items-center justify-center gap-4'
      }
    >
      <div
        className="grid size-12 place-items-center rounded-[14px] bg-brand-700 text-[22px] font-bold text-white shadow-lg shadow-brand-700/30"
        aria-hidden="true"
      >
        i
      </div>
      <div className="h-1 w-[120px] overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-full w-2/5 animate-boot rounded-full bg-brand-700 motion-reduce:w-full" />
      </div>
      <span className="text-sm font-medium text-slate-600">{t('loading')}</span>
    </div>
  );
}
