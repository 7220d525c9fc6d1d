import { type CatalogDetail, formatMoney, SUPPLEMENT_FREQUENCIES } from '@inscrio/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { useLocale } from '@/lib/use-locale';
import { type RegisterFormValues, toggleId } from './register-form-model';
import { RegisterStep } from './register-step';

/** Step 3: the optional supplements (those for every age), each with how often and its price. */
export function SupplementsStep({ supplements }: { supplements: CatalogDetail['supplements'] }) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const { control, setValue } = useFormContext<RegisterFormValues>();
  const supplementIds = useWatch({ control, name: 'supplementIds' });
  return (
    <RegisterStep number={3} title={t('register.supplements')}>
      <div className="space-y-2" data-supplement-options="">
        {supplements.map((supplement) => (
          <label
            key={supplement.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm hover:bg-slate-50"
          >
            <Checkbox
              checked={supplementIds.includes(supplement.id)}
              onChange={(event) =>
                setValue('supplementIds', toggleId(supplementIds, supplement.id, event.target.checked))
              }
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{supplement.name}</span>
              <span className="block text-xs text-slate-500">
                {SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale)}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-slate-900">
              + {formatMoney(supplement.price, locale)}
            </span>
          </label>
        ))}
      </div>
    </RegisterStep>
  );
}
