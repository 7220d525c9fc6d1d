import {
  VOLUNTEER_ALLOWANCE_BASES,
  type VolunteerAllowanceBasis,
  type WorkTimeSettings,
} from '@inscrio/shared';
import { Settings } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useSaveWorkTimeSettings, useWorkTimeSettings } from '../api/work-time';

const MONEY = /^\d{1,7}([.,]\d{1,2})?$/;
const toEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const toCents = (text: string) => Math.round(Number(text.trim().replace(',', '.')) * 100);

type Amounts = Record<'rate' | 'daily' | 'yearly', string>;

/** The organisation's volunteer allowance and ceilings (organisation managers). */
export function SettingsDialog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('work-time');
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const settings = useWorkTimeSettings(organizationId, open);
  const save = useSaveWorkTimeSettings(organizationId);
  const [basis, setBasis] = useState<VolunteerAllowanceBasis>('per-session');
  const [amounts, setAmounts] = useState<Amounts>({ rate: '', daily: '', yearly: '' });
  const [invalid, setInvalid] = useState<(keyof Amounts)[]>([]);
  useEffect(() => {
    const data: WorkTimeSettings | undefined = settings.data;
    if (!data) return;
    setBasis(data.volunteerAllowanceBasis);
    setAmounts({
      rate: toEuros(data.volunteerAllowanceCents),
      daily: toEuros(data.volunteerDailyCeilingCents),
      yearly: toEuros(data.volunteerYearlyCeilingCents),
    });
  }, [settings.data]);

  const submit = () => {
    const wrong = (Object.keys(amounts) as (keyof Amounts)[]).filter(
      (key) => !MONEY.test(amounts[key].trim()),
    );
    setInvalid(wrong);
    if (wrong.length > 0) return;
    save.mutate(
      {
        volunteerAllowanceBasis: basis,
        volunteerAllowanceCents: toCents(amounts.rate),
        volunteerDailyCeilingCents: toCents(amounts.daily),
        volunteerYearlyCeilingCents: toCents(amounts.yearly),
      },
      {
        onSuccess: () => {
          notify.success(t('settings.saved'));
          setOpen(false);
        },
        onError: notifyError,
      },
    );
  };
  const amountField = (key: keyof Amounts, label: string) => (
    <FormField
      id={`work-time-${key}`}
      label={label}
      error={invalid.includes(key) ? t('settings.invalid') : undefined}
    >
      <Input
        id={`work-time-${key}`}
        inputMode="decimal"
        value={amounts[key]}
        onChange={(event) => setAmounts((current) => ({ ...current, [key]: event.target.value }))}
      />
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" data-work-time-settings="">
          <Settings aria-hidden="true" />
          {t('settings.open')}
        </Button>
      }
      title={t('settings.title')}
      description={t('settings.description')}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('correction.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!settings.data}>
            {t('settings.save')}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormField id="work-time-basis" label={t('settings.basis')}>
          <Select
            id="work-time-basis"
            value={basis}
            onChange={(event) => setBasis(event.target.value as VolunteerAllowanceBasis)}
          >
            {VOLUNTEER_ALLOWANCE_BASES.values.map((value) => (
              <option key={value} value={value}>
                {VOLUNTEER_ALLOWANCE_BASES.label(value, locale)}
              </option>
            ))}
          </Select>
        </FormField>
        {amountField('rate', t('settings.rate'))}
        {amountField('daily', t('settings.daily'))}
        {amountField('yearly', t('settings.yearly'))}
      </div>
    </Dialog>
  );
}
