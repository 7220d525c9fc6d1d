import {
  AGE_LIMIT_MONTHS_BELOW,
  decimalToHundredths,
  hundredthsToDecimal,
  isYearAgeLimit,
  LOCATION_TYPES,
  type LocationType,
  type SupplementFrequency,
  UNLIMITED_SEATS,
  VISIBILITIES,
  type Visibility,
} from '@inscrio/shared';
import type { Blueprint } from '../api/types';

/*
 * The activity form keeps what the manager types (euros with a comma or a dot, a percentage, ages in
 * years or months, an 'Illimité' checkbox); `toBlueprintPayload` turns it into the API's units (integer
 * cents, hundredths of a percent, months, -1 for unlimited seats) before the shared schema validates it. A value that
 * cannot be read is passed on as typed, so the schema answers with its format message.
 */

export const NEW_BLUEPRINT_ID = 'new';

/**
 * The unit an age limit is typed in: years, or months below 3 years (DESIGN.md section 10: a maximum of
 * N years admits a child until the day before their (N+1)th birthday, N months until the next month).
 */
export type AgeUnit = 'years' | 'months';

export interface SupplementFormValues {
  /** An existing supplement (kept on update); absent for a new row. */
  id: string | null;
  name: string;
  /** How often it is charged: once per participant, activity and period, or per session. */
  frequency: SupplementFrequency;
  price: string;
  minAge: string;
  minAgeUnit: AgeUnit;
  maxAge: string;
  maxAgeUnit: AgeUnit;
}

export interface BlueprintFormValues {
  imageAssetId: string | null;
  name: string;
  description: string;
  privateDescription: string;
  duration: string;
  price: string;
  taxPercentage: string;
  maxSeats: string;
  unlimitedSeats: boolean;
  colorCode: string;
  locationType: LocationType;
  location: string;
  onlineLocation: string;
  minAge: string;
  minAgeUnit: AgeUnit;
  maxAge: string;
  maxAgeUnit: AgeUnit;
  visibility: Visibility;
  establishmentId: string;
  supplements: SupplementFormValues[];
}

export const DEFAULT_COLOR = '#2563EB';

/** Colours offered as one-click swatches beside the picker. */
export const COLOR_SWATCHES = [
  '#2563EB',
  '#0EA5E9',
  '#14B8A6',
  '#16A34A',
  '#CA8A04',
  '#EA580C',
  '#DC2626',
  '#DB2777',
  '#9333EA',
  '#475569',
] as const;

const blank = (text: string) => text.trim() === '';

/** '12' → 12; '' → undefined (required); anything else is returned as typed (format message). */
export function parseInteger(text: string): number | string | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  return /^-?\d{1,9}$/.test(value) ? Number(value) : value;
}

/** Like parseInteger, but '' means "none" (null). */
export function parseOptionalInteger(text: string): number | string | null {
  return blank(text) ? null : (parseInteger(text) ?? null);
}

/**
 * A decimal with at most two decimals, comma or dot, spaces and a trailing '€' or '%' tolerated, as
 * an integer number of hundredths: '12,50' → 1250, '21' → 2100, '5.5' → 550.
 */
export function parseHundredths(text: string): number | string | undefined {
  const hundredths = decimalToHundredths(text, { negative: true, maxWholeDigits: 7 });
  return hundredths === null ? text.trim() : hundredths;
}

/** Hundredths back to what a French or English user types: 1250 → '12,50' / '12.50', 2100 → '21'. */
export function hundredthsText(value: number, locale: 'fr' | 'en', keepDecimals: boolean): string {
  return hundredthsToDecimal(value, locale, { trimZeros: !keepDecimals });
}

const optionalText = (text: string) => (blank(text) ? null : text);

/** An age limit typed in years or months, in months for the API: '12' years → 144; '' → null. */
export function ageLimitMonths(text: string, unit: AgeUnit): number | string | null {
  const value = parseOptionalInteger(text);
  return typeof value === 'number' && unit === 'years' ? value * 12 : value;
}

/** A stored age limit (months) as the form shows it: 144 → '12' years, 18 → '18' months; null → ''. */
export function ageLimitField(months: number | null | undefined): { text: string; unit: AgeUnit } {
  if (!months || months <= 0) return { text: '', unit: 'years' };
  return isYearAgeLimit(months)
    ? { text: String(months / 12), unit: 'years' }
    : { text: String(months), unit: 'months' };
}

/**
 * What is wrong with the unit of an age typed: 1 or 2 years must be given in months ('use-months': a
 * maximum of 24 months and one of 2 years do not end on the same day), and a whole number of years in
 * months from 36 on in years ('use-years': 48 months is read as 4 years). Null when it is fine.
 */
export function ageUnitProblem(text: string, unit: AgeUnit): 'use-months' | 'use-years' | null {
  const value = parseOptionalInteger(text);
  if (typeof value !== 'number' || value <= 0) return null;
  if (unit === 'years') return value * 12 < AGE_LIMIT_MONTHS_BELOW ? 'use-months' : null;
  return isYearAgeLimit(value) ? 'use-years' : null;
}

/** Every age field of the form whose unit is wrong, by field path ('minAge', 'supplements.1.maxAge'). */
export function ageUnitProblems(
  values: BlueprintFormValues,
): { field: string; problem: 'use-months' | 'use-years'; value: number }[] {
  const problems: { field: string; problem: 'use-months' | 'use-years'; value: number }[] = [];
  const check = (field: string, text: string, unit: AgeUnit) => {
    const problem = ageUnitProblem(text, unit);
    if (problem) problems.push({ field, problem, value: Number(text.trim()) });
  };
  check('minAge', values.minAge, values.minAgeUnit);
  check('maxAge', values.maxAge, values.maxAgeUnit);
  values.supplements.forEach((supplement, index) => {
    check(`supplements.${index}.minAge`, supplement.minAge, supplement.minAgeUnit);
    check(`supplements.${index}.maxAge`, supplement.maxAge, supplement.maxAgeUnit);
  });
  return problems;
}

/** The payload of `POST` and `PATCH /blueprints` for these form values. */
export function toBlueprintPayload(values: BlueprintFormValues) {
  const online = values.locationType === 'online';
  return {
    name: values.name,
    description: optionalText(values.description),
    privateDescription: optionalText(values.privateDescription),
    imageAssetId: values.imageAssetId,
    duration: parseInteger(values.duration),
    price: parseHundredths(values.price),
    taxPercentage: parseHundredths(values.taxPercentage),
    maxSeats: values.unlimitedSeats ? UNLIMITED_SEATS : parseInteger(values.maxSeats),
    colorCode: values.colorCode.trim(),
    locationType: values.locationType,
    location: online ? null : optionalText(values.location),
    onlineLocation: online ? optionalText(values.onlineLocation) : null,
    minAge: ageLimitMonths(values.minAge, values.minAgeUnit),
    maxAge: ageLimitMonths(values.maxAge, values.maxAgeUnit),
    visibility: values.visibility,
    establishmentId: values.establishmentId || undefined,
    supplements: values.supplements.map((supplement) => ({
      ...(supplement.id ? { id: supplement.id } : {}),
      name: supplement.name,
      frequency: supplement.frequency,
      price: parseHundredths(supplement.price),
      minAge: ageLimitMonths(supplement.minAge, supplement.minAgeUnit),
      maxAge: ageLimitMonths(supplement.maxAge, supplement.maxAgeUnit),
    })),
  };
}

/** The four age fields of an activity or a supplement. */
function ageFields(limits: { minAge: number | null; maxAge: number | null }) {
  const min = ageLimitField(limits.minAge);
  const max = ageLimitField(limits.maxAge);
  return { minAge: min.text, minAgeUnit: min.unit, maxAge: max.text, maxAgeUnit: max.unit };
}

/** The form's values for an activity, or a new one in `establishmentId`. */
export function blueprintFormValues(
  blueprint: Blueprint | null | undefined,
  locale: 'fr' | 'en',
  establishmentId = '',
): BlueprintFormValues {
  if (!blueprint) {
    return {
      imageAssetId: null,
      name: '',
      description: '',
      privateDescription: '',
      duration: '60',
      price: '',
      taxPercentage: '0',
      maxSeats: '',
      unlimitedSeats: false,
      colorCode: DEFAULT_COLOR,
      locationType: 'physical',
      location: '',
      onlineLocation: '',
      minAge: '',
      minAgeUnit: 'years',
      maxAge: '',
      maxAgeUnit: 'years',
      visibility: 'hidden',
      establishmentId,
      supplements: [],
    };
  }
  return {
    imageAssetId: blueprint.imageAssetId,
    name: blueprint.name,
    description: blueprint.description ?? '',
    privateDescription: blueprint.privateDescription ?? '',
    duration: String(blueprint.duration),
    price: hundredthsText(blueprint.price, locale, true),
    taxPercentage: hundredthsText(blueprint.taxPercentage, locale, false),
    maxSeats: blueprint.maxSeats === UNLIMITED_SEATS ? '' : String(blueprint.maxSeats),
    unlimitedSeats: blueprint.maxSeats === UNLIMITED_SEATS,
    colorCode: blueprint.colorCode.toUpperCase(),
    locationType: LOCATION_TYPES.is(blueprint.locationType) ? blueprint.locationType : 'physical',
    location: blueprint.location ?? '',
    onlineLocation: blueprint.onlineLocation ?? '',
    ...ageFields(blueprint),
    visibility: VISIBILITIES.is(blueprint.visibility) ? blueprint.visibility : 'hidden',
    establishmentId: blueprint.establishmentId,
    supplements: blueprint.supplements.map((supplement) => ({
      id: supplement.id,
      name: supplement.name,
      frequency: supplement.frequency ?? 'once',
      price: hundredthsText(supplement.price, locale, true),
      ...ageFields(supplement),
    })),
  };
}

/** A whole number of months typed in a field, or null when it is not one (for the live previews). */
export function monthsOf(text: string, unit: AgeUnit = 'months'): number | null {
  const value = parseInteger(text);
  return typeof value === 'number' && value >= 0 ? (unit === 'years' ? value * 12 : value) : null;
}

export const FORM_FIELDS = [
  'imageAssetId',
  'name',
  'description',
  'privateDescription',
  'duration',
  'price',
  'taxPercentage',
  'maxSeats',
  'colorCode',
  'locationType',
  'location',
  'onlineLocation',
  'minAge',
  'maxAge',
  'visibility',
  'establishmentId',
  'supplements',
] as const;

/** Whether an API detail's field ('minAge', 'supplements.2.price') is one of the form's fields. */
export function isFormField(field: string): boolean {
  return (
    (FORM_FIELDS as readonly string[]).includes(field) ||
    /^supplements\.\d+\.(name|price|minAge|maxAge|frequency|id)$/.test(field)
  );
}
