import { LOCALES, type Locale } from '@inscrio/shared';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { chooseLocale, currentLocale } from '@/lib/i18n';

/** FR | EN, for visitors of the public pages (a signed-in user's language is their account's). */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const active: Locale = i18n.language ? currentLocale() : 'fr';
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white/80 p-1 text-xs shadow-xs backdrop-blur',
        className,
      )}
    >
      {/* Left out on the narrowest phones (360 px), where it would cut the organisation's tagline short. */}
      <Globe className="ml-1.5 hidden size-3.5 text-slate-400 min-[380px]:block" aria-hidden="true" />
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={active === locale}
          // Starts with what is shown (FR, EN), so voice control finds it, then says the language in full.
          aria-label={`${locale.toUpperCase()} – ${t(`language.names.${locale}`)}`}
          onClick={() => chooseLocale(locale)}
          className={cn(
            'rounded-full px-2.5 py-1 font-semibold tracking-wide uppercase transition-colors',
            active === locale ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          {locale}
        </button>
      ))}
    </div>
  );
}
