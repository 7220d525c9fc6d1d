import { createBlueprintSchema } from '@inscrio/shared';
import { describe, expect, it } from 'vitest';
import { payloadResolver } from './payload-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('the payload resolver', () => {
  const resolver = payloadResolver(
    createBlueprintSchema('fr'),
    (values: { name: string; euros: string }) => ({
      name: values.name,
      price: values.euros === '' ? undefined : Math.round(Number(values.euros.replace(',', '.')) * 100),
      duration: 60,
      taxPercentage: 0,
      maxSeats: -1,
      colorCode: '#123456',
      locationType: 'physical',
    }),
  );

  it('validates the converted payload and puts each message on its field', async () => {
    const result = await resolver({ name: '', euros: '' }, undefined, options);
    expect(result.errors.name?.message).toBe('Ce champs est requis');
    expect((result.errors as Record<string, { message?: string }>).price?.message).toBe(
      'Ce champs est requis',
    );
  });

  it('submits the parsed payload', async () => {
    const result = await resolver({ name: 'Judo', euros: '12,50' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Judo', price: 1250, visibility: 'hidden', supplements: [] });
  });
});
