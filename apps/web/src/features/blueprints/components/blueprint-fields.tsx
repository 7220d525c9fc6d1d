import { VISIBILITIES, type Visibility } from '@inscrio/shared';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { describedBy, type FieldChrome, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { useLocale } from '@/lib/use-locale';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { COLOR_SWATCHES } from './blueprint-form-model';

/** One card of the activity form. */
export function FormSection({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn('grid gap-x-5 gap-y-4 sm:grid-cols-2', className)}>{children}</CardContent>
    </Card>
  );
}

/** A text field with a unit after the value ('min', '€', '%', 'mois'). */
export function UnitField({
  label,
  error,
  hint,
  className,
  unit,
  id,
  ...props
}: FieldChrome & Omit<ComponentProps<'input'>, 'className'> & { unit: ReactNode }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <Input className="pr-14" {...describedBy(fieldId, error, hint)} {...props} />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
          {unit}
        </span>
      </div>
    </FormField>
  );
}

/**
 * An age limit: a whole number and its unit, years (the default) or months for toddlers (below 3 years).
 * The form turns it into months for the API (blueprint-form-model.ts).
 */
export function AgeField({
  label,
  error,
  hint,
  className,
  id,
  unitLabel,
  unitProps,
  ...props
}: FieldChrome &
  Omit<ComponentProps<'input'>, 'className'> & {
    /** The unit select's accessible name ('Unité de l'âge minimum'). */
    unitLabel: string;
    unitProps: ComponentProps<'select'>;
  }) {
  const { t } = useTranslation('blueprints');
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} className={className}>
      <div className="flex gap-2" data-age-field="">
        <Input
          className="min-w-0 flex-1"
          inputMode="numeric"
          maxLength={3}
          {...describedBy(fieldId, error, hint)}
          {...props}
        />
        <div className="w-24 shrink-0">
          <Select aria-label={unitLabel} {...unitProps}>
            <option value="years">{t('fields.yearsUnit')}</option>
            <option value="months">{t('fields.monthsUnit')}</option>
          </Select>
        </div>
      </div>
    </FormField>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  className,
  id,
  ...props
}: FieldChrome & Omit<ComponentProps<'textarea'>, 'className'>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FormField id={fieldId} label={label} error={error} hint={hint} className={className}>
      <Textarea {...describedBy(fieldId, error, hint)} {...props} />
    </FormField>
  );
}

/** The activity's image, filling a 16:9 frame as the catalogue shows it. */
export function ImageField(props: {
  url: string | null;
  onChange: (asset: { id: string; url: string } | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('blueprints');
  return (
    <ImageUploadField
      {...props}
      purpose="activity"
      labels={{
        label: t('fields.image'),
        choose: t('image.choose'),
        change: t('image.change'),
        remove: t('image.remove'),
        uploading: t('image.uploading'),
        alt: t('image.alt'),
        hint: t('image.hint'),
      }}
    />
  );
}

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** A colour picker, one-click swatches and the hex value (the field the schema checks). */
export function ColorField({
  value,
  onChange,
  error,
  inputProps,
}: {
  value: string;
  onChange: (color: string) => void;
  error?: string;
  inputProps: ComponentProps<'input'>;
}) {
  const { t } = useTranslation('blueprints');
  const id = useId();
  const valid = HEX.test(value);
  return (
    <FormField
      id={id}
      label={t('fields.colorCode')}
      error={error}
      hint={t('fields.colorCodeHint')}
      className="sm:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label={t('fields.colorPicker')}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <Input
          className="w-32 font-mono uppercase"
          maxLength={7}
          {...describedBy(id, error, t('fields.colorCodeHint'))}
          {...inputProps}
        />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('fields.colorSwatches')}>
          {COLOR_SWATCHES.map((swatch) => (
            <button
              key={swatch}
              type="button"
              onClick={() => onChange(swatch)}
              className={cn(
                'size-7 rounded-full ring-offset-2 transition focus-visible:outline-2 focus-visible:outline-brand-600',
                value.toUpperCase() === swatch ? 'ring-2 ring-slate-900' : 'hover:scale-110',
              )}
              style={{ backgroundColor: swatch }}
              aria-label={swatch}
              aria-pressed={value.toUpperCase() === swatch}
            />
          ))}
        </div>
      </div>
    </FormField>
  );
}

/** The four visibilities with what each means (spec section 4). */
export function VisibilityField({
  error,
  inputProps,
  value,
}: {
  error?: string;
  value: Visibility;
  inputProps: (visibility: Visibility) => ComponentProps<'input'>;
}) {
  const { t } = useTranslation('blueprints');
  const locale = useLocale();
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('fields.visibility')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {VISIBILITIES.values.map((visibility) => (
          <label
            key={visibility}
            className={cn(
              'flex cursor-pointer gap-3 rounded-xl border p-3 transition-colors',
              value === visibility
                ? 'border-brand-600 bg-brand-50/60 ring-1 ring-brand-600'
                : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              value={visibility}
              className="mt-1 accent-brand-700"
              {...inputProps(visibility)}
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-900">
                {VISIBILITIES.label(visibility, locale)}
              </span>
              <span className="block text-xs leading-relaxed text-slate-600">
                {t(`visibilityMeaning.${visibility}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="text-[13px] font-medium text-red-600">{error}</p> : null}
    </fieldset>
  );
}
