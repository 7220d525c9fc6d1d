import { shiftMonth } from '@inscrio/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useWorkTexts } from './texts';

/** The month shown, with the previous and next months a tap away. */
export function MonthNav({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation('work-time');
  const texts = useWorkTexts();
  return (
    <div className="flex items-center gap-1" data-month-nav="">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('month.previous')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <h2
        className="min-w-36 text-center text-base font-semibold text-slate-900 first-letter:uppercase"
        aria-live="polite"
      >
        {texts.month(month)}
      </h2>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('month.next')}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  );
}
