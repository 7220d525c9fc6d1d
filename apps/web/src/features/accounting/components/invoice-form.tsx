import {
  COUNTRY_OPTIONS,
  type CreateInvoiceInput,
  createInvoiceSchema,
  INVOICE_MESSAGES,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { useMemo, useState } from 'react';
import { type Path, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form-field';
import { statusText } from '@/lib/api-error';
import { formatPattern } from '@/lib/dates';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { payloadResolver } from '@/lib/payload-resolver';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useCreateInvoice } from '../api/create-invoice';
import type { MemberOption } from '../api/types';
import { emptyLine, type LineFormValues, linesTotal, toManualLine } from '../utils/document-lines';
import { DocumentTotal, LinesEditor, linePaths } from './lines-editor';
import { MemberPicker } from './member-picker';

type BuyerKind = 'member' | 'company';

export interface InvoiceFormValues {
  buyerKind: BuyerKind;
  memberId: string;
  company: {
    name: string;
    vatNumber: string;
    address: string;
    city: string;
    postalCode: string;
    country: string;
  };
  /** yyyy-MM-dd. */
  issueDate: string;
  lines: LineFormValues[];
}

/** What is sent: only the chosen kind of buyer, amounts in cents and hundredths of a percent. */
export function toInvoicePayload(values: InvoiceFormValues) {
  const { company } = values;
  return {
    memberId: values.buyerKind === 'member' ? values.memberId || undefined : undefined,
    company:
      values.buyerKind === 'company'
        ? { ...company, vatNumber: company.vatNumber.trim() || undefined }
        : undefined,
    issueDate: values.issueDate,
    lines: values.lines.map(toManualLine),
  };
}

const COMPANY_FIELDS = ['name', 'vatNumber', 'address', 'postalCode', 'city', 'country'] as const;

/** « Nouvelle facture »: a free invoice to a member (their family) or to a company. */
export function InvoiceForm() {
  const { t } = useTranslation('accounting');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const [member, setMember] = useState<MemberOption | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const resolver = useMemo<Resolver<InvoiceFormValues, unknown, CreateInvoiceInput>>(() => {
    const validate = payloadResolver<InvoiceFormValues, CreateInvoiceInput>(
      createInvoiceSchema(locale),
      toInvoicePayload,
    );
    // The schema checks the buyer only once every line is valid: a missing member is said at once.
    return async (values, context, options) => {
      const result = await validate(values, context, options);
      if (values.buyerKind !== 'member' || values.memberId || result.errors.memberId) return result;
      const memberId = { type: 'custom', message: INVOICE_MESSAGES.buyerRequired[locale] };
      return { values: {}, errors: { ...result.errors, memberId } };
    };
  }, [locale]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<InvoiceFormValues, unknown, CreateInvoiceInput>({
    resolver,
    defaultValues: {
      buyerKind: 'member',
      memberId: '',
      company: { name: '', vatNumber: '', address: '', city: '', postalCode: '', country: '' },
      issueDate: formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr'),
      lines: [emptyLine()],
    },
    // Checked on submit, then as typed: a line just added is not flagged before it is filled.
    mode: 'onSubmit',
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const buyerKind = watch('buyerKind');
  const typedLines = watch('lines');
  const totals = linesTotal(typedLines);

  const chooseMember = (chosen: MemberOption | null) => {
    setMember(chosen);
    setValue('memberId', chosen?.memberId ?? '', { shouldValidate: isSubmitted });
  };

  const onSubmit = handleSubmit(async (payload) => {
    setFailure(null);
    try {
      const invoice = await create.mutateAsync(payload);
      notify.success(t('create.invoiceDone', { number: invoice.number }));
      await navigate(paths.accounting.to());
    } catch (error) {
      const fields: Path<InvoiceFormValues>[] = [
        'memberId',
        'issueDate',
        ...COMPANY_FIELDS.map((name) => `company.${name}` as const),
        ...linePaths(typedLines.length),
      ];
      if (!applyApiFieldErrors(error, setError, fields)) setFailure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} className="space-y-6" noValidate>
      <Card>
        <CardHeader>
          <CardTitle>{t('create.buyer')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <fieldset>
            <legend className="sr-only">{t('create.buyerKind')}</legend>
            <div className="inline-flex rounded-lg border border-slate-300 bg-slate-50 p-0.5">
              {(['member', 'company'] as const).map((kind) => (
                <label
                  key={kind}
                  className={cn(
                    'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    buyerKind === kind ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600',
                  )}
                >
                  <input type="radio" value={kind} className="sr-only" {...register('buyerKind')} />
                  {t(`create.buyerKinds.${kind}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {buyerKind === 'member' ? (
            <MemberPicker value={member} onChange={chooseMember} error={errors.memberId?.message} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={t('create.company.name')}
                autoComplete="off"
                error={errors.company?.name?.message}
                maxLength={TEXT_LIMITS.organizationName}
                {...register('company.name')}
              />
              <TextField
                label={t('create.company.vatNumber')}
                autoComplete="off"
                error={errors.company?.vatNumber?.message}
                maxLength={TEXT_LIMITS.vatNumber}
                {...register('company.vatNumber')}
              />
              <TextField
                className="sm:col-span-2"
                label={t('create.company.address')}
                autoComplete="off"
                error={errors.company?.address?.message}
                maxLength={TEXT_LIMITS.address}
                {...register('company.address')}
              />
              <TextField
                label={t('create.company.postalCode')}
                autoComplete="off"
                error={errors.company?.postalCode?.message}
                maxLength={TEXT_LIMITS.postalCode}
                {...register('company.postalCode')}
              />
              <TextField
                label={t('create.company.city')}
                autoComplete="off"
                error={errors.company?.city?.message}
                maxLength={TEXT_LIMITS.city}
                {...register('company.city')}
              />
              <SelectField
                label={t('create.company.country')}
                error={errors.company?.country?.message}
                {...register('company.country')}
              >
                <option value="">{t('create.company.chooseCountry')}</option>
                {COUNTRY_OPTIONS.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          <TextField
            className="sm:max-w-xs"
            label={t('create.issueDate')}
            type="date"
            error={errors.issueDate?.message}
            {...register('issueDate')}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('lines.title')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <LinesEditor
            keys={lines.fields.map((line) => line.id)}
            lines={typedLines}
            bind={(index, name) => ({
              registration: register(`lines.${index}.${name}`),
              error: errors.lines?.[index]?.[name]?.message,
            })}
            onAdd={() => lines.append(emptyLine())}
            onRemove={lines.remove}
            addLabel={t('lines.add')}
            minLines={1}
          />
          {errors.lines?.message || errors.lines?.root?.message ? (
            <p className="text-[13px] font-medium text-red-600">
              {errors.lines.message ?? errors.lines.root?.message}
            </p>
          ) : null}
          <DocumentTotal total={totals.total} tax={totals.tax} label={t('lines.total')} />
        </CardContent>
      </Card>

      {failure ? <Alert tone="error">{statusText(failure, locale)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" size="lg" loading={isSubmitting}>
          {t('create.submitInvoice')}
        </Button>
      </div>
    </form>
  );
}
