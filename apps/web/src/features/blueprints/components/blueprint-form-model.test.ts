import { createBlueprintSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import {
  ageLimitField,
  ageLimitMonths,
  ageUnitProblem,
  ageUnitProblems,
  blueprintFormValues,
  hundredthsText,
  parseHundredths,
  parseInteger,
  toBlueprintPayload,
} from './blueprint-form-model';
import type { Blueprint } from '../api/types';

describe('the activity form model', () => {
  it('reads euros and percentages typed with a comma or a dot as integer hundredths', () => {
    expect(parseHundredths('12,50')).toBe(1250);
    expect(parseHundredths('12.5')).toBe(1250);
    expect(parseHundredths('1 200,05 €')).toBe(120005);
    expect(parseHundredths('21')).toBe(2100);
    expect(parseHundredths('5,5 %')).toBe(550);
    expect(parseHundredths('-3')).toBe(-300);
    expect(parseHundredths('')).toBeUndefined();
    // Unreadable: left as typed, so the schema gives its format message.
    expect(parseHundredths('12,505')).toBe('12,505');
    expect(parseHundredths('douze')).toBe('douze');
  });

  it('reads whole numbers, and writes hundredths back as people type them', () => {
    expect(parseInteger(' 45 ')).toBe(45);
    expect(parseInteger('4.5')).toBe('4.5');
    expect(parseInteger('')).toBeUndefined();
    expect(hundredthsText(1250, 'fr', true)).toBe('12,50');
    expect(hundredthsText(1250, 'en', true)).toBe('12.50');
    expect(hundredthsText(2100, 'fr', false)).toBe('21');
    expect(hundredthsText(550, 'fr', false)).toBe('5,5');
  });

  it('builds the API payload: cents, hundredths, -1 for unlimited seats, null for empty texts', () => {
    const values = {
      ...blueprintFormValues(null, 'fr', 'est_default'),
      name: 'Judo',
      price: '12,50',
      taxPercentage: '6',
      unlimitedSeats: true,
      maxSeats: '12',
      location: 'Dojo',
      minAge: '6',
      supplements: [
        {
          id: null,
          name: 'Kimono',
          frequency: 'once' as const,
          price: '25',
          minAge: '',
          minAgeUnit: 'years' as const,
          maxAge: '',
          maxAgeUnit: 'years' as const,
        },
      ],
    };
    const payload = toBlueprintPayload(values);
    expect(payload).toMatchObject({
      price: 1250,
      taxPercentage: 600,
      maxSeats: -1,
      duration: 60,
      description: null,
      location: 'Dojo',
      onlineLocation: null,
      minAge: 72,
      maxAge: null,
      supplements: [{ name: 'Kimono', price: 2500, minAge: null, maxAge: null }],
    });
    expect(createBlueprintSchema('fr').safeParse(payload).success).toBe(true);
  });

  it('turns an activity into form values and back without change', () => {
    const blueprint: Blueprint = {
      id: 'bp_1',
      establishmentId: 'est_piscine',
      establishmentName: 'Piscine',
      name: 'Bébés nageurs',
      description: 'Éveil aquatique',
      privateDescription: null,
      imageAssetId: null,
      imageUrl: null,
      duration: 45,
      price: 1200,
      taxPercentage: 0,
      maxSeats: 8,
      colorCode: '#0ea5e9',
      locationType: 'physical',
      location: 'Bassin',
      onlineLocation: null,
      minAge: 6,
      maxAge: 36,
      visibility: 'public',
      archivedAt: null,
      createdAt: '',
      updatedAt: '',
      supplements: [
        { id: 'sup_1', name: 'Bonnet', price: 350, minAge: null, maxAge: 12, frequency: 'per-session' },
      ],
    };
    const values = blueprintFormValues(blueprint, 'fr');
    // Shown in the units they were entered in: 6 months, 3 years; the bonnet up to 12 months.
    expect(values).toMatchObject({ minAge: '6', minAgeUnit: 'months', maxAge: '3', maxAgeUnit: 'years' });
    expect(values.supplements[0]).toMatchObject({ maxAge: '12', maxAgeUnit: 'months', minAge: '' });
    const payload = toBlueprintPayload(values);
    expect(payload).toMatchObject({
      price: 1200,
      taxPercentage: 0,
      maxSeats: 8,
      colorCode: '#0EA5E9',
      minAge: 6,
      maxAge: 36,
      supplements: [
        { id: 'sup_1', name: 'Bonnet', price: 350, minAge: null, maxAge: 12, frequency: 'per-session' },
      ],
    });
  });

  it('takes ages in years, and in months for toddlers, and sends months', () => {
    expect(ageLimitMonths('12', 'years')).toBe(144);
    expect(ageLimitMonths('18', 'months')).toBe(18);
    expect(ageLimitMonths(' ', 'years')).toBeNull();
    expect(ageLimitMonths('douze', 'years')).toBe('douze');
    const values = {
      ...blueprintFormValues(null, 'fr', 'est_default'),
      minAge: '6',
      maxAge: '12',
      supplements: [
        {
          id: null,
          name: 'Matériel (6-8 ans)',
          frequency: 'once' as const,
          price: '8',
          minAge: '6',
          minAgeUnit: 'years' as const,
          maxAge: '8',
          maxAgeUnit: 'years' as const,
        },
        {
          id: null,
          name: 'Bonnet',
          frequency: 'once' as const,
          price: '3',
          minAge: '',
          minAgeUnit: 'years' as const,
          maxAge: '18',
          maxAgeUnit: 'months' as const,
        },
      ],
    };
    expect(values.minAgeUnit).toBe('years');
    expect(toBlueprintPayload(values)).toMatchObject({
      minAge: 72,
      maxAge: 144,
      supplements: [
        { minAge: 72, maxAge: 96 },
        { minAge: null, maxAge: 18 },
      ],
    });
    expect(ageUnitProblems(values)).toEqual([]);
  });

  it('shows stored months back in years from 3 years on, in months below (or when not whole years)', () => {
    expect(ageLimitField(144)).toEqual({ text: '12', unit: 'years' });
    expect(ageLimitField(36)).toEqual({ text: '3', unit: 'years' });
    expect(ageLimitField(24)).toEqual({ text: '24', unit: 'months' });
    expect(ageLimitField(30)).toEqual({ text: '30', unit: 'months' });
    expect(ageLimitField(42)).toEqual({ text: '42', unit: 'months' });
    expect(ageLimitField(null)).toEqual({ text: '', unit: 'years' });
    expect(ageLimitField(0)).toEqual({ text: '', unit: 'years' });
    for (const months of [6, 24, 35, 36, 42, 96, 144]) {
      const { text, unit } = ageLimitField(months);
      expect(ageLimitMonths(text, unit)).toBe(months);
    }
  });

  it('asks for months below 3 years and for years instead of a whole number of years in months', () => {
    expect(ageUnitProblem('2', 'years')).toBe('use-months');
    expect(ageUnitProblem('3', 'years')).toBeNull();
    expect(ageUnitProblem('0', 'years')).toBeNull();
    expect(ageUnitProblem('35', 'months')).toBeNull();
    expect(ageUnitProblem('48', 'months')).toBe('use-years');
    expect(ageUnitProblem('42', 'months')).toBeNull();
    const values = {
      ...blueprintFormValues(null, 'fr', 'est_default'),
      maxAge: '2',
      supplements: [
        {
          id: null,
          name: 'Bonnet',
          frequency: 'once' as const,
          price: '3',
          minAge: '36',
          minAgeUnit: 'months' as const,
          maxAge: '',
          maxAgeUnit: 'years' as const,
        },
      ],
    };
    expect(ageUnitProblems(values)).toEqual([
      { field: 'maxAge', problem: 'use-months', value: 2 },
      { field: 'supplements.0.minAge', problem: 'use-years', value: 36 },
    ]);
  });
});
