import { describe, expect, it } from 'vitest';
import { blueprintSchema } from './blueprint.schema';
import type { BlueprintInput } from './blueprint.schema';
import { fieldIssues, issuesOf } from './test-utils';

const T = {
  fr: {
    required: 'Ce champs est requis',
    format: 'Respectez le format de la valeur',
    integer: 'La valeur doit être un nombre entier',
    positive: 'La valeur doit être supérieure à 0',
    nonNegative: 'La valeur ne peut pas être négative',
    color: 'Respectez le format de la valeur',
    ages: "L'âge minimum ne peut pas être supérieur à l'âge maximum",
  },
  en: {
    required: 'This field is required',
    format: 'Please respect the value format',
    integer: 'The value must be a whole number',
    positive: 'The value must be greater than 0',
    nonNegative: 'The value cannot be negative',
    color: 'Please respect the value format',
    ages: 'The minimum age cannot be greater than the maximum age',
  },
};

const VALID: BlueprintInput = {
  name: 'Natation débutants',
  description: 'Cours pour débutants',
  privateDescription: 'Prévoir 2 moniteurs',
  duration: 90,
  price: 1250,
  taxPercentage: 2100,
  maxSeats: 12,
  colorCode: '#1A2b3C',
  locationType: 'physical',
  location: 'Piscine communale',
  onlineLocation: null,
  minAge: 36,
  maxAge: 144,
};

const MINIMAL = {
  name: 'Yoga',
  duration: 60,
  price: 0,
  taxPercentage: 0,
  maxSeats: -1,
  colorCode: '#FFFFFF',
  locationType: 'online',
};

const REQUIRED_FIELDS = Object.keys(MINIMAL) as (keyof typeof MINIMAL)[];

describe.each(['fr', 'en'] as const)('blueprintSchema (%s)', (locale) => {
  const schema = blueprintSchema(locale);
  const t = T[locale];
  const field = (name: keyof BlueprintInput, value: unknown) =>
    fieldIssues(schema, { ...VALID, [name]: value }, name);

  it('accepts a complete and a minimal blueprint', () => {
    expect(schema.parse(VALID)).toEqual(VALID);
    expect(schema.parse(MINIMAL)).toEqual(MINIMAL);
  });

  it('reports every missing required field as required', () => {
    expect(issuesOf(schema, {})).toEqual(
      Object.fromEntries(REQUIRED_FIELDS.map((name) => [name, [t.required]])),
    );
  });

  it.each(REQUIRED_FIELDS)('requires %s (undefined, null, empty)', (name) => {
    for (const value of [undefined, null, '']) expect(field(name, value)).toEqual([t.required]);
  });

  it('requires a name that is not blank and trims it', () => {
    expect(field('name', '   ')).toEqual([t.required]);
    expect(field('name', 'A')).toEqual([]);
    expect(schema.parse({ ...MINIMAL, name: ' Yoga ' }).name).toBe('Yoga');
  });

  it.each(['duration', 'price', 'taxPercentage', 'maxSeats', 'minAge', 'maxAge'] as const)(
    'needs %s to be a whole number',
    (name) => {
      expect(field(name, 1.5)).toEqual([t.integer]);
      expect(field(name, '60')).toEqual([t.format]);
      expect(field(name, Number.NaN)).toEqual([t.format]);
      expect(field(name, Number.POSITIVE_INFINITY)).toEqual([t.format]);
    },
  );

  it('needs a duration greater than 0', () => {
    expect(field('duration', -1)).toEqual([t.positive]);
    expect(field('duration', 0)).toEqual([t.positive]);
    expect(field('duration', 1)).toEqual([]);
  });

  it.each(['price', 'taxPercentage'] as const)('needs %s not negative', (name) => {
    expect(field(name, -1)).toEqual([t.nonNegative]);
    expect(field(name, 0)).toEqual([]);
    expect(field(name, 1)).toEqual([]);
  });

  it('needs maxSeats greater than 0 or -1 for unlimited', () => {
    expect(field('maxSeats', -2)).toEqual([t.positive]);
    expect(field('maxSeats', -1)).toEqual([]);
    expect(field('maxSeats', 0)).toEqual([t.positive]);
    expect(field('maxSeats', 1)).toEqual([]);
  });

  it.each(['#FFFFFF', '#000000', '#abcdef', '#A1b2C3'])('accepts the colour %s', (color) => {
    expect(field('colorCode', color)).toEqual([]);
  });

  it.each(['#FFF', 'FFFFFF', '#FFFFFFF', '#GGGGGG', 'red', '# FFFFF'])('rejects the colour %j', (color) => {
    expect(field('colorCode', color)).toEqual([t.color]);
  });

  it('accepts the two location types only', () => {
    expect(field('locationType', 'physical')).toEqual([]);
    expect(field('locationType', 'online')).toEqual([]);
    expect(field('locationType', 'remote')).toEqual([t.format]);
  });

  it.each(['description', 'privateDescription', 'location', 'onlineLocation'] as const)(
    'takes %s as optional text',
    (name) => {
      for (const value of [undefined, null, '', 'Texte libre']) expect(field(name, value)).toEqual([]);
      expect(field(name, 12)).toEqual([t.format]);
    },
  );

  it.each(['minAge', 'maxAge'] as const)('takes %s as an optional age in months, not negative', (name) => {
    for (const value of [undefined, null])
      expect(fieldIssues(schema, { ...MINIMAL, [name]: value }, name)).toEqual([]);
    expect(fieldIssues(schema, { ...MINIMAL, [name]: -1 }, name)).toEqual([t.nonNegative]);
    expect(fieldIssues(schema, { ...MINIMAL, [name]: 0 }, name)).toEqual([]);
  });

  it('refuses a minimum age above the maximum age, on minAge', () => {
    expect(issuesOf(schema, { ...VALID, minAge: 145, maxAge: 144 })).toEqual({ minAge: [t.ages] });
    expect(issuesOf(schema, { ...VALID, minAge: 13, maxAge: 12 })).toEqual({ minAge: [t.ages] });
    expect(issuesOf(schema, { ...VALID, minAge: 2, maxAge: 1 })).toEqual({ minAge: [t.ages] });
  });

  it('accepts equal ages and open ranges', () => {
    expect(issuesOf(schema, { ...VALID, minAge: 144, maxAge: 144 })).toEqual({});
    expect(issuesOf(schema, { ...VALID, minAge: 0, maxAge: 12 })).toEqual({});
    expect(issuesOf(schema, { ...VALID, minAge: 36, maxAge: 0 })).toEqual({});
    expect(issuesOf(schema, { ...VALID, minAge: 36, maxAge: null })).toEqual({});
    expect(issuesOf(schema, { ...VALID, minAge: undefined, maxAge: 12 })).toEqual({});
  });

  it('reports the age range beside other field errors', () => {
    expect(issuesOf(schema, { ...VALID, name: '', colorCode: 'red', minAge: 24, maxAge: 12 })).toEqual({
      name: [t.required],
      colorCode: [t.color],
      minAge: [t.ages],
    });
  });

  it('does not compare ages while one of them is invalid', () => {
    expect(issuesOf(schema, { ...VALID, minAge: 24, maxAge: -12 })).toEqual({ maxAge: [t.nonNegative] });
  });
});
