import { TEXT_LIMITS, taxIdentitySchema, type TaxIdentityInput } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { fieldMessages } from '@/lib/form-errors';
import { useSaveTaxIdentity } from '../api/certificates';

type Field = keyof TaxIdentityInput;
const FIELDS: Field[] = ['childNationalNumber', 'debtorNationalNumber', 'debtorFirstName', 'debtorLastName'];

/**
 * The national register numbers the 281.86 needs (the child's and the debtor's, who pays the childcare):
 * asked only here, for this certificate, and stored encrypted.
 */
export function TaxIdentityDialog({
  memberId,
  memberName,
  open,
  onOpenChange,
  onSaved,
}: {
  memberId: string;
  memberName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('certificates');
  const locale = useLocale();
  const save = useSaveTaxIdentity();
  const [values, setValues] = useState<Record<Field, string>>({
    childNationalNumber: '',
    debtorNationalNumber: '',
    debtorFirstName: '',
    debtorLastName: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = taxIdentitySchema(locale).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages<Field>(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { memberId, ...parsed.data },
      {
        onSuccess: () => {
          onOpenChange(false);
          onSaved();
        },
        onError: (error) => {
          const details = isApiError(error) ? error.details : [];
          if (details.length === 0) return notifyError(error);
          const found: Partial<Record<Field, string>> = {};
          for (const d of details)
            if (FIELDS.includes(d.field as Field)) found[d.field as Field] ??= d.message;
          setErrors(found);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('identity.title', { name: memberName })}
      description={t('identity.description')}
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-tax-identity-form="">
        {FIELDS.map((field) => (
          <FormField
            key={field}
            id={`identity-${field}`}
            label={t(`identity.${field}`)}
            hint={field.endsWith('NationalNumber') ? t('identity.numberHint') : undefined}
            error={errors[field]}
          >
            <Input
              id={`identity-${field}`}
              value={values[field]}
              inputMode={field.endsWith('NationalNumber') ? 'numeric' : undefined}
              autoComplete="off"
              maxLength={field.endsWith('NationalNumber') ? 20 : TEXT_LIMITS.personName}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              aria-invalid={errors[field] ? true : undefined}
            />
          </FormField>
        ))}
        <p className="text-xs text-slate-500">{t('identity.privacy')}</p>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
            {t('identity.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
