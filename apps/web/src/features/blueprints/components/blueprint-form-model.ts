import {
  LOCATION_TYPES,
  type LocationType,
  type SupplementFrequency,
  UNLIMITED_SEATS,
  VISIBILITIES,
  type Visibility,
} from '@inscrio/shared';
import type { Blueprint } from '../api/types';

/*
 * The activity form keeps what the manager types (euros with a comma or a dot, a percentage, months,
 * an 'Illimité' checkbox); `toBlueprintPayload` turns it into the API's units (integer cents,
 * hundredths of a percent, -1 for unlimited seats) before the shared schema validates it. A value that
 * cannot be read is passed on as typed, so the schema answers with its format message.
 */

export const NEW_BLUEPRINT_ID = 'new';

export interface SupplementFormValues {
  /** An existing supplement (kept on update); absent for a new row. */
  id: string | null;
  name: string;
  /** How often it is charged: once per participant, activity and period, or per session. */
  frequency: SupplementFrequency;
  price: string;
  minAge: string;
  maxAge: string;
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
  maxAge: string;
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
  const value = text.replace(/[\s\u00a0\u202f€%]/g, '');
  if (value === '') return undefined;
  const match = /^(-?)(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return text.trim();
  const [, sign = '', whole = '0', fraction = ''] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -hundredths : hundredths;
}

/** Hundredths back to what a French or English user types: 1250 → '12,50' / '12.50', 2100 → '21'. */
export function hundredthsText(value: number, locale: 'fr' | 'en', keepDecimals: boolean): string {
  const whole = Math.trunc(Math.abs(value) / 100);
  const rest = Math.abs(value) % 100;
  const sign = value < 0 ? '-' : '';
  if (rest === 0 && !keepDecimals) return `${sign}${whole}`;
  const fraction = keepDecimals
    ? String(rest).padStart(2, '0')
    : String(rest).padStart(2, '0').replace(/0$/, '');
  return `${sign}${whole}${locale === 'fr' ? ',' : '.'}${fraction}`;
}

const optionalText = (text: string) => (blank(text) ? null : text);

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
    minAge: parseOptionalInteger(values.minAge),
    maxAge: parseOptionalInteger(values.maxAge),
    visibility: values.visibility,
    establishmentId: values.establishmentId || undefined,
    supplements: values.supplements.map((supplement) => ({
      ...(supplement.id ? { id: supplement.id } : {}),
      name: supplement.name,
      frequency: supplement.frequency,
      price: parseHundredths(supplement.price),
      minAge: parseOptionalInteger(supplement.minAge),
      maxAge: parseOptionalInteger(supplement.maxAge),
    })),
  };
}

const intText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

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
      maxAge: '',
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
    minAge: intText(blueprint.minAge),
    maxAge: intText(blueprint.maxAge),
    visibility: VISIBILITIES.is(blueprint.visibility) ? blueprint.visibility : 'hidden',
    establishmentId: blueprint.establishmentId,
    supplements: blueprint.supplements.map((supplement) => ({
      id: supplement.id,
      name: supplement.name,
      frequency: supplement.frequency ?? 'once',
      price: hundredthsText(supplement.price, locale, true),
      minAge: intText(supplement.minAge),
      maxAge: intText(supplement.maxAge),
    })),
  };
}

/** A whole number of months typed in a field, or null when it is not one (for the live previews). */
export function monthsOf(text: string): number | null {
  const value = parseInteger(text);
  return typeof value === 'number' && value >= 0 ? value : null;
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
