import {
  ageLimitEndMonths,
  ageRestrictionText,
  BLUEPRINT_MAX_SUPPLEMENTS,
  type CreateBlueprintInput,
  createBlueprintSchema,
  formatAgeLimit,
  formatDuration,
  formatMoney,
  formatPercent,
  formatSeats,
  LOCATION_TYPES,
  message,
  SUPPLEMENT_FREQUENCIES,
  type UpdateBlueprintInput,
  updateBlueprintSchema,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { CircleAlert, Plus, Save, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type FieldErrors, type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox';
import { SelectField, TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useCreateBlueprint } from '../api/create-blueprint';
import type { Blueprint, EstablishmentOption } from '../api/types';
import { useUpdateBlueprint } from '../api/update-blueprint';
import {
  ageUnitProblems,
  type BlueprintFormValues,
  blueprintFormValues,
  isFormField,
  monthsOf,
  parseHundredths,
  parseInteger,
  toBlueprintPayload,
} from './blueprint-form-model';
import {
  AgeField,
  ColorField,
  FormSection,
  ImageField,
  TextareaField,
  UnitField,
  VisibilityField,
} from './blueprint-fields';

type Payload = CreateBlueprintInput | UpdateBlueprintInput;

/** The form's id, so a button elsewhere on the page (the header's) can submit it. */
export const BLUEPRINT_FORM_ID = 'blueprint-form';

/** Under a maximum age: the day it ends, « Inclus : jusqu'à la veille de ses 13 ans. » */
function MaxAgeHint({ months }: { months: number | null }) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const end = ageLimitEndMonths(months);
  return end === null ? null : <>{t('fields.maxAgeHint', { age: formatAgeLimit(end, locale) })}</>;
}

/**
 * The payload resolver, plus the age units' own rule (1 or 2 years in months, a whole number of years
 * from 36 months in years), whose messages land under the age field concerned.
 */
function withAgeUnits(
  resolver: Resolver<BlueprintFormValues, unknown, Payload>,
  messageOf: (problem: 'use-months' | 'use-years', value: number) => string,
): Resolver<BlueprintFormValues, unknown, Payload> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const problems = ageUnitProblems(values);
    if (problems.length === 0) return result;
    const errors: FieldErrors<BlueprintFormValues> = { ...result.errors };
    for (const { field, problem, value } of problems) {
      const error = { type: 'age-unit', message: messageOf(problem, value) };
      const [head, index, key] = field.split('.') as [string, string?, string?];
      if (index === undefined) {
        (errors as Record<string, unknown>)[head] = error;
      } else {
        const rows = [...((errors.supplements as unknown[] | undefined) ?? [])];
        rows[Number(index)] = { ...(rows[Number(index)] as object | undefined), [key!]: error };
        (errors as Record<string, unknown>).supplements = rows;
      }
    }
    return { values: {}, errors };
  };
}

/**
 * Every field of an activity (spec section 3) plus its visibility, establishment and price supplements.
 * Validated with the shared blueprint schemas on what will be sent, so the messages are the API's
 * (spec section 5); a failed save says so (spec section 8) and shows the API's field messages.
 */
export function BlueprintForm({
  blueprint,
  establishments,
  defaultEstablishmentId,
  onCreated,
}: {
  /** Null: a new activity. */
  blueprint: Blueprint | null;
  establishments: EstablishmentOption[];
  defaultEstablishmentId: string;
  onCreated?: (blueprint: Blueprint) => void;
}) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  const create = useCreateBlueprint();
  const update = useUpdateBlueprint();
  const [imageUrl, setImageUrl] = useState<string | null>(blueprint?.imageUrl ?? null);

  const resolver = useMemo(
    () =>
      withAgeUnits(
        blueprint
          ? payloadResolver<BlueprintFormValues, Payload>(updateBlueprintSchema(locale), toBlueprintPayload)
          : payloadResolver<BlueprintFormValues, Payload>(createBlueprintSchema(locale), toBlueprintPayload),
        (problem, value) =>
          problem === 'use-months'
            ? t('fields.ageUseMonths')
            : t('fields.ageUseYears', { months: value, years: value / 12 }),
      ),
    [blueprint, locale, t],
  );

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty, submitCount },
  } = useForm<BlueprintFormValues, unknown, Payload>({
    resolver,
    defaultValues: blueprintFormValues(blueprint, locale, defaultEstablishmentId),
    mode: 'onTouched',
  });
  const supplements = useFieldArray({ control, name: 'supplements' });

  const values = watch();
  const duration = parseInteger(values.duration);
  const price = parseHundredths(values.price);
  const tax = parseHundredths(values.taxPercentage);
  const seats = parseInteger(values.maxSeats);

  const onSubmit = handleSubmit(async (payload) => {
    try {
      if (blueprint) {
        const saved = await update.mutateAsync({ id: blueprint.id, input: payload as UpdateBlueprintInput });
        reset(blueprintFormValues(saved, locale));
        setImageUrl(saved.imageUrl);
        notify.success(t('form.updated'));
      } else {
        const created = await create.mutateAsync(payload as CreateBlueprintInput);
        reset(blueprintFormValues(created, locale));
        notify.success(t('form.created'));
        onCreated?.(created);
      }
    } catch (error) {
      let focused = false;
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, '');
          if (!isFormField(field)) continue;
          setError(
            field as FieldPath<BlueprintFormValues>,
            { type: 'server', message: detail.message },
            {
              shouldFocus: !focused,
            },
          );
          focused = true;
        }
      }
      notify.error(message('blueprintUpdateFailed', locale));
    }
  });

  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <form id={BLUEPRINT_FORM_ID} onSubmit={onSubmit} noValidate className="space-y-6" data-blueprint-form="">
      <FormSection title={t('sections.general')} description={t('sections.generalHint')}>
        <ImageField
          url={imageUrl}
          error={errors.imageAssetId?.message}
          onChange={(asset) => {
            setImageUrl(asset?.url ?? null);
            setValue('imageAssetId', asset?.id ?? null, { shouldDirty: true });
          }}
        />
        <TextField
          className="sm:col-span-2"
          label={t('fields.name')}
          error={errors.name?.message}
          maxLength={TEXT_LIMITS.name}
          {...register('name')}
        />
        <TextareaField
          className="sm:col-span-2"
          label={t('fields.description')}
          hint={t('fields.descriptionHint')}
          error={errors.description?.message}
          maxLength={TEXT_LIMITS.description}
          {...register('description')}
        />
        <TextareaField
          className="sm:col-span-2"
          label={t('fields.privateDescription')}
          hint={t('fields.privateDescriptionHint')}
          rows={3}
          error={errors.privateDescription?.message}
          maxLength={TEXT_LIMITS.description}
          {...register('privateDescription')}
        />
      </FormSection>

      <FormSection title={t('sections.access')} description={t('sections.accessHint')}>
        <SelectField
          className="sm:col-span-2"
          label={t('fields.establishment')}
          error={errors.establishmentId?.message}
          {...register('establishmentId')}
        >
          {establishments.map((establishment) => (
            <option key={establishment.id} value={establishment.id}>
              {establishment.name}
            </option>
          ))}
        </SelectField>
        <VisibilityField
          value={values.visibility}
          error={errors.visibility?.message}
          inputProps={() => register('visibility')}
        />
      </FormSection>

      <FormSection title={t('sections.pricing')}>
        <UnitField
          label={t('fields.price')}
          unit="€"
          inputMode="decimal"
          placeholder={locale === 'fr' ? '12,50' : '12.50'}
          error={errors.price?.message}
          hint={typeof price === 'number' ? formatMoney(price, locale) : t('fields.priceHint')}
          {...register('price')}
        />
        <UnitField
          label={t('fields.taxPercentage')}
          unit="%"
          inputMode="decimal"
          error={errors.taxPercentage?.message}
          hint={typeof tax === 'number' ? formatPercent(tax, locale) : t('fields.taxHint')}
          {...register('taxPercentage')}
        />
        <UnitField
          label={t('fields.duration')}
          unit="min"
          inputMode="numeric"
          error={errors.duration?.message}
          hint={
            typeof duration === 'number' && duration > 0 ? formatDuration(duration) : t('fields.durationHint')
          }
          {...register('duration')}
        />
        <div className="space-y-2">
          <UnitField
            label={t('fields.maxSeats')}
            unit={t('fields.seatsUnit')}
            inputMode="numeric"
            disabled={values.unlimitedSeats}
            error={values.unlimitedSeats ? undefined : errors.maxSeats?.message}
            hint={
              values.unlimitedSeats
                ? formatSeats(-1, locale)
                : typeof seats === 'number' && seats > 0
                  ? formatSeats(seats, locale)
                  : undefined
            }
            {...register('maxSeats')}
          />
          <CheckboxField label={t('fields.unlimitedSeats')} {...register('unlimitedSeats')} />
          {values.unlimitedSeats && errors.maxSeats?.message ? (
            <p className="text-[13px] font-medium text-red-600">{errors.maxSeats.message}</p>
          ) : null}
        </div>
      </FormSection>

      <FormSection title={t('sections.place')}>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('fields.locationType')}</legend>
          <div className="flex flex-wrap gap-2">
            {LOCATION_TYPES.values.map((type) => (
              <label
                key={type}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
                  values.locationType === type
                    ? 'border-brand-600 bg-brand-50/60 text-brand-900 ring-1 ring-brand-600'
                    : 'border-slate-200 text-slate-700 hover:bg-slate-50',
                )}
              >
                <input type="radio" value={type} className="accent-brand-700" {...register('locationType')} />
                {LOCATION_TYPES.label(type, locale)}
              </label>
            ))}
          </div>
          {errors.locationType?.message ? (
            <p className="mt-1.5 text-[13px] font-medium text-red-600">{errors.locationType.message}</p>
          ) : null}
        </fieldset>
        {values.locationType === 'online' ? (
          <TextField
            className="sm:col-span-2"
            label={t('fields.onlineLocation')}
            type="url"
            placeholder="https://"
            hint={t('fields.onlineLocationHint')}
            error={errors.onlineLocation?.message}
            maxLength={TEXT_LIMITS.location}
            {...register('onlineLocation')}
          />
        ) : (
          <TextField
            className="sm:col-span-2"
            label={t('fields.location')}
            hint={t('fields.locationHint')}
            error={errors.location?.message}
            maxLength={TEXT_LIMITS.location}
            {...register('location')}
          />
        )}
      </FormSection>

      <FormSection title={t('sections.ages')} description={t('sections.agesHint')}>
        <AgeField
          label={t('fields.minAge')}
          unitLabel={t('fields.minAgeUnit')}
          error={errors.minAge?.message}
          {...register('minAge')}
          unitProps={register('minAgeUnit')}
        />
        <AgeField
          label={t('fields.maxAge')}
          unitLabel={t('fields.maxAgeUnit')}
          error={errors.maxAge?.message}
          hint={<MaxAgeHint months={monthsOf(values.maxAge, values.maxAgeUnit)} />}
          {...register('maxAge')}
          unitProps={register('maxAgeUnit')}
        />
        <p
          className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 sm:col-span-2"
          data-age-preview=""
          aria-live="polite"
        >
          {ageRestrictionText(
            monthsOf(values.minAge, values.minAgeUnit),
            monthsOf(values.maxAge, values.maxAgeUnit),
            locale,
          )}
        </p>
      </FormSection>

      <FormSection title={t('sections.appearance')}>
        <ColorField
          value={values.colorCode}
          error={errors.colorCode?.message}
          onChange={(color) =>
            setValue('colorCode', color, { shouldDirty: true, shouldValidate: submitCount > 0 })
          }
          inputProps={register('colorCode')}
        />
      </FormSection>

      <FormSection
        title={t('sections.supplements')}
        description={t('sections.supplementsHint')}
        className="block"
      >
        {supplements.fields.length === 0 ? (
          <p className="text-sm text-slate-500">{t('supplements.empty')}</p>
        ) : (
          <ul className="space-y-3" data-supplements="">
            {supplements.fields.map((field, index) => {
              const rowErrors = errors.supplements?.[index];
              return (
                <li
                  key={field.id}
                  className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-3 sm:items-start"
                >
                  <TextField
                    label={t('supplements.name')}
                    error={rowErrors?.name?.message}
                    maxLength={TEXT_LIMITS.name}
                    {...register(`supplements.${index}.name`)}
                  />
                  <UnitField
                    label={t('supplements.price')}
                    unit="€"
                    inputMode="decimal"
                    error={rowErrors?.price?.message}
                    {...register(`supplements.${index}.price`)}
                  />
                  <SelectField
                    label={t('supplements.frequency')}
                    error={rowErrors?.frequency?.message}
                    {...register(`supplements.${index}.frequency`)}
                  >
                    {SUPPLEMENT_FREQUENCIES.values.map((frequency) => (
                      <option key={frequency} value={frequency}>
                        {SUPPLEMENT_FREQUENCIES.label(frequency, locale)}
                      </option>
                    ))}
                  </SelectField>
                  <AgeField
                    label={t('supplements.minAge')}
                    unitLabel={t('supplements.minAgeUnit')}
                    error={rowErrors?.minAge?.message}
                    {...register(`supplements.${index}.minAge`)}
                    unitProps={register(`supplements.${index}.minAgeUnit`)}
                  />
                  <AgeField
                    label={t('supplements.maxAge')}
                    unitLabel={t('supplements.maxAgeUnit')}
                    error={rowErrors?.maxAge?.message}
                    {...register(`supplements.${index}.maxAge`)}
                    unitProps={register(`supplements.${index}.maxAgeUnit`)}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    className="justify-self-end text-slate-500 hover:text-red-700 sm:mt-6"
                    onClick={() => supplements.remove(index)}
                    aria-label={t('supplements.remove', { index: index + 1 })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {errors.supplements?.message || errors.supplements?.root?.message ? (
          <p className="mt-2 text-[13px] font-medium text-red-600">
            {errors.supplements.message ?? errors.supplements.root?.message}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={supplements.fields.length >= BLUEPRINT_MAX_SUPPLEMENTS}
          onClick={() =>
            supplements.append({
              id: null,
              name: '',
              frequency: 'once',
              price: '',
              minAge: '',
              minAgeUnit: 'years',
              maxAge: '',
              maxAgeUnit: 'years',
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('supplements.add')}
        </Button>
      </FormSection>

      <div className="rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-xs sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className={cn('flex items-center gap-2 text-sm', hasErrors ? 'text-red-700' : 'text-slate-600')}>
            {hasErrors ? <CircleAlert className="size-4 shrink-0" aria-hidden="true" /> : null}
            {hasErrors
              ? t('form.fixErrors')
              : isDirty
                ? t('form.unsaved')
                : blueprint
                  ? t('form.upToDate')
                  : t('form.newHint')}
          </p>
          <Button type="submit" loading={isSubmitting} data-blueprint-save="">
            <Save aria-hidden="true" />
            {blueprint ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </div>
    </form>
  );
}
