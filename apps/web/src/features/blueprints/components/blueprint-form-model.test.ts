import { createBlueprintSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import {
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
      minAge: '72',
      supplements: [
        { id: null, name: 'Kimono', frequency: 'once' as const, price: '25', minAge: '', maxAge: '' },
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
    const payload = toBlueprintPayload(blueprintFormValues(blueprint, 'fr'));
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
});
