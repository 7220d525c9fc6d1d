import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { passwordSchema, withPasswordConfirmation } from './password.schema';
import { issuesOf } from './test-utils';

const RULE = {
  fr: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
  en: 'The password must contain at least 8 characters, one uppercase letter and one digit',
};
const REQUIRED = { fr: 'Ce champs est requis', en: 'This field is required' };
const TEXT = { fr: 'La valeur doit être un texte', en: 'The value must be a text' };
const MISMATCH = { fr: 'Les mots de passe ne correspondent pas', en: 'Passwords do not match' };

describe.each(['fr', 'en'] as const)('passwordSchema (%s)', (locale) => {
  const schema = passwordSchema(locale);

  it.each(['Abcdefg1', 'ABCDEFG1', 'Éabcdef1', 'Abc def1', 'Abcdefghijklmnop123'])(
    'accepts %j',
    (password) => {
      expect(schema.parse(password)).toBe(password);
    },
  );

  it('does not trim a password', () => {
    expect(schema.parse(' Abcdef1 ')).toBe(' Abcdef1 ');
  });

  it.each([
    ['Abcdef1', '7 characters'],
    ['abcdefg1', 'no uppercase letter'],
    ['ABCDEFGH', 'no digit'],
    ['abcdefgh', 'neither'],
    ['Abc123', 'short with both'],
  ])('rejects %j (%s) with one rule message', (password) => {
    expect(issuesOf(schema, password)).toEqual({ '': [RULE[locale]] });
  });

  it.each([undefined, null, ''])('requires a value (%j)', (value) => {
    expect(issuesOf(schema, value)).toEqual({ '': [REQUIRED[locale]] });
  });

  it('rejects a non-string', () => {
    expect(issuesOf(schema, 12345678)).toEqual({ '': [TEXT[locale]] });
  });
});

describe.each(['fr', 'en'] as const)('withPasswordConfirmation (%s)', (locale) => {
  const schema = withPasswordConfirmation(
    z.object({ name: z.string().min(1, { error: 'name' }), password: passwordSchema(locale) }),
    locale,
  );

  it('accepts a matching confirmation', () => {
    expect(schema.parse({ name: 'x', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({
      name: 'x',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
  });

  it('reports a mismatch on confirmPassword', () => {
    expect(issuesOf(schema, { name: 'x', password: 'Abcdefg1', confirmPassword: 'Abcdefg2' })).toEqual({
      confirmPassword: [MISMATCH[locale]],
    });
  });

  it('compares exactly (case and spaces matter)', () => {
    expect(issuesOf(schema, { name: 'x', password: 'Abcdefg1', confirmPassword: 'abcdefg1' })).toEqual({
      confirmPassword: [MISMATCH[locale]],
    });
    expect(issuesOf(schema, { name: 'x', password: 'Abcdefg1', confirmPassword: 'Abcdefg1 ' })).toEqual({
      confirmPassword: [MISMATCH[locale]],
    });
  });

  it.each([undefined, null, ''])(
    'requires the confirmation (%j) without also reporting a mismatch',
    (value) => {
      expect(issuesOf(schema, { name: 'x', password: 'Abcdefg1', confirmPassword: value })).toEqual({
        confirmPassword: [REQUIRED[locale]],
      });
    },
  );

  it('reports the mismatch beside the other field errors', () => {
    expect(issuesOf(schema, { name: '', password: 'short', confirmPassword: 'other' })).toEqual({
      name: ['name'],
      password: [RULE[locale]],
      confirmPassword: [MISMATCH[locale]],
    });
  });

  it('does not report a mismatch when the password is missing', () => {
    expect(issuesOf(schema, { name: 'x', confirmPassword: 'Abcdefg1' })).toEqual({
      password: [REQUIRED[locale]],
    });
  });
});
