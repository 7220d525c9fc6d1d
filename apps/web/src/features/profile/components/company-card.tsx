import { COUNTRY_OPTIONS, type CompanyInput, companySchema, message } from '@inscrio/shared';
import { Building2, Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/feedback/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notify, notifyError } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useDeleteCompany } from '../api/delete-company';
import { useCompany } from '../api/get-company';
import { useSetCompany } from '../api/set-company';
import type { Company } from '../api/types';

type CompanyValues = Record<keyof CompanyInput, string>;

const FIELDS: readonly Path<CompanyValues>[] = [
  'name',
  'vatNumber',
  'address',
  'postalCode',
  'city',
  'country',
];

const valuesOf = (company: Company | null | undefined): CompanyValues => ({
  name: company?.name ?? '',
  vatNumber: company?.vatNumber ?? '',
  address: company?.address ?? '',
  postalCode: company?.postalCode ?? '',
  city: company?.city ?? '',
  country: company?.country ?? '',
});

/**
 * The company invoices are made out to (`GET, PUT, DELETE /me/company`): none by default; once given,
 * every field is required (spec section 5).
 */
export function CompanyCard({ id }: { id: string }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const query = useCompany();
  const save = useSetCompany();
  const remove = useDeleteCompany();
  const schema = useMemo(() => companySchema(locale), [locale]);
  const company = query.data?.company ?? null;
  const [adding, setAdding] = useState(false);
  const editing = company !== null || adding;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CompanyValues, unknown, CompanyInput>({
    resolver: payloadResolver<CompanyValues, CompanyInput>(schema),
    defaultValues: valuesOf(company),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (!isDirty) reset(valuesOf(company));
  }, [company, isDirty, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await save.mutateAsync(input);
      reset(valuesOf(result.company));
      setAdding(false);
      notify.success(message('informationUpdated', locale));
    } catch (error) {
      applyApiFieldErrors(error, setError, FIELDS);
      notifyError(error);
    }
  });

  const onRemove = async () => {
    try {
      await remove.mutateAsync();
      reset(valuesOf(null));
      setAdding(false);
      notify.success(t('company.removed'));
    } catch (error) {
      notifyError(error);
    }
  };

  const error = (name: keyof CompanyValues) => errors[name]?.message;

  return (
    <Card id={id} className="scroll-mt-6" data-company="">
      <CardHeader>
        <CardTitle>{t('company.title')}</CardTitle>
        <CardDescription>{t('company.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t('company.loading')} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !editing ? (
          <div className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
              {t('company.none')}
            </p>
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t('company.add')}
            </Button>
          </div>
        ) : (
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-x-5 gap-y-4 sm:grid-cols-2"
            aria-label={t('company.title')}
          >
            <TextField
              label={t('company.fields.name')}
              autoComplete="organization"
              error={error('name')}
              {...register('name')}
            />
            <TextField
              label={t('company.fields.vatNumber')}
              placeholder="BE0123456789"
              error={error('vatNumber')}
              {...register('vatNumber')}
            />
            <TextField
              className="sm:col-span-2"
              label={t('company.fields.address')}
              error={error('address')}
              {...register('address')}
            />
            <TextField
              label={t('company.fields.postalCode')}
              error={error('postalCode')}
              {...register('postalCode')}
            />
            <TextField label={t('company.fields.city')} error={error('city')} {...register('city')} />
            <SelectField
              label={t('company.fields.country')}
              error={error('country')}
              {...register('country')}
            >
              <option value="">{t('fields.choose')}</option>
              {COUNTRY_OPTIONS.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </SelectField>
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              {company ? (
                <Button
                  variant="ghost"
                  className="text-red-700 hover:bg-red-50"
                  loading={remove.isPending}
                  onClick={() => void onRemove()}
                >
                  <Trash2 aria-hidden="true" />
                  {t('company.remove')}
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  onClick={() => {
                    reset(valuesOf(null));
                    setAdding(false);
                  }}
                >
                  {t('company.cancel')}
                </Button>
              )}
              <Button type="submit" loading={isSubmitting} disabled={company !== null && !isDirty}>
                <Save aria-hidden="true" />
                {t('company.save')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
