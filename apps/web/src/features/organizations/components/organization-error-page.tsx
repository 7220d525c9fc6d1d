import { message } from '@inscrio/shared';
import { ArrowLeft, Building } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { baseHostUrl } from '@/lib/organization-host';
import { useLocale } from '@/lib/use-locale';

/** `/error/organization`: the address names no organisation we know (spec section 2). */
export function OrganizationErrorPage() {
  const { t } = useTranslation('organizations');
  const locale = useLocale();
  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border border-slate-200/80 bg-white px-6 py-10 text-center shadow-xl shadow-slate-900/[0.04] sm:px-10">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
          <Building className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">
          {message('organizationNotFoundTitle', locale)}
        </h1>
        <p className="mt-2 text-[15px] text-slate-600">{message('organizationNotFoundText', locale)}</p>
        <Button asChild size="lg" className="mt-8">
          <a href={baseHostUrl('/')}>
            <ArrowLeft aria-hidden="true" />
            {t('error.backToOrganizations')}
          </a>
        </Button>
      </div>
    </div>
  );
}
