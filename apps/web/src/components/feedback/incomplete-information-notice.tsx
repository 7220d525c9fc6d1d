import { message, type OrganizationWarning } from '@inscrio/shared';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@/lib/i18n';

/**
 * 'Informations à compléter' (spec section 2): the organisation sections still missing data (billing,
 * mutual certificate, payment provider), each linking to its configuration step, as
 * `GET /organizations/{id}/warnings` gives them. Nothing when complete.
 */
export function IncompleteInformationNotice({ sections }: { sections: readonly OrganizationWarning[] }) {
  const { t } = useTranslation('common');
  if (sections.length === 0) return null;
  return (
    <section
      aria-labelledby="incomplete-information-title"
      className="rounded-2xl border border-amber-200 bg-amber-50 px-5 py-4 text-amber-950"
      data-incomplete-information=""
    >
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id="incomplete-information-title" className="font-semibold">
            {message('incompleteInformation', currentLocale())}
          </h2>
          <p className="text-sm text-amber-900">{t('incompleteInformation.text')}</p>
          <ul className="flex flex-wrap gap-2 pt-1">
            {sections.map((item) => (
              <li key={item.section}>
                <Link
                  to={item.path}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-amber-900 shadow-xs ring-1 ring-amber-200 hover:bg-amber-100"
                >
                  {t(`incompleteInformation.sections.${item.section}`)}
                  <ArrowRight className="size-3.5" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
