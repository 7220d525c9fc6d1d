import { describe, expect, it } from 'vitest';
import { companySchema } from './company.schema';
import type { CompanyInput } from './company.schema';
import { fieldIssues, issuesOf } from './test-utils';

const VALID: CompanyInput = {
  name: 'ACME SRL',
  vatNumber: 'BE0123456789',
  address: 'Rue du Commerce 12',
  city: 'Liège',
  postalCode: '4000',
  country: 'BEL',
};
const FIELDS = Object.keys(VALID) as (keyof CompanyInput)[];

describe.each([
  ['fr', 'Ce champs est requis', 'Pays invalide'],
  ['en', 'This field is required', 'Invalid country'],
] as const)('companySchema (%s)', (locale, required, country) => {
  const schema = companySchema(locale);

  it('accepts a valid company and trims it', () => {
    expect(schema.parse(VALID)).toEqual(VALID);
    expect(schema.parse({ ...VALID, name: '  ACME SRL ' })).toEqual(VALID);
  });

  it('requires every field', () => {
    expect(issuesOf(schema, {})).toEqual(Object.fromEntries(FIELDS.map((name) => [name, [required]])));
  });

  it.each(FIELDS)('requires %s (undefined, null, empty, blank)', (name) => {
    for (const value of [undefined, null, ''])
      expect(fieldIssues(schema, { ...VALID, [name]: value }, name)).toEqual([required]);
    if (name !== 'country') expect(fieldIssues(schema, { ...VALID, [name]: ' ' }, name)).toEqual([required]);
  });

  it('accepts one-character values and checks the country', () => {
    expect(
      issuesOf(schema, { ...VALID, name: 'A', vatNumber: 'B', address: 'C', city: 'D', postalCode: 'E' }),
    ).toEqual({});
    expect(fieldIssues(schema, { ...VALID, country: 'NLD' }, 'country')).toEqual([country]);
  });
});
