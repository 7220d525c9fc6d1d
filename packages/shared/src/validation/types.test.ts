import { describe, expectTypeOf, it } from 'vitest';
import type { Gender, LocationType } from '../enums';
import type { CountryCode } from '../format';
import type {
  BlueprintInput,
  CompanyInput,
  DelegatedPersonInput,
  OrganizationCreateInput,
  PersonInput,
  SignUpInput,
} from './index';

// Checked by the type-checker (tsc): the inferred payload types the API and the web forms rely on.
describe('inferred payload types', () => {
  it('types the person payloads', () => {
    expectTypeOf<PersonInput['gender']>().toEqualTypeOf<Gender>();
    expectTypeOf<PersonInput['country']>().toEqualTypeOf<CountryCode>();
    expectTypeOf<PersonInput['birthdate']>().toEqualTypeOf<string>();
    expectTypeOf<SignUpInput['password']>().toEqualTypeOf<string>();
    expectTypeOf<SignUpInput['confirmPassword']>().toEqualTypeOf<string>();
    expectTypeOf<SignUpInput['email']>().toEqualTypeOf<string>();
    expectTypeOf<DelegatedPersonInput['firstName']>().toEqualTypeOf<string>();
    expectTypeOf<DelegatedPersonInput['email']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<DelegatedPersonInput['country']>().toEqualTypeOf<CountryCode | '' | null | undefined>();
  });

  it('types the organisation, company and blueprint payloads', () => {
    expectTypeOf<OrganizationCreateInput['confirmPassword']>().toEqualTypeOf<string>();
    expectTypeOf<OrganizationCreateInput['timeZone']>().toEqualTypeOf<string>();
    expectTypeOf<CompanyInput['country']>().toEqualTypeOf<CountryCode>();
    expectTypeOf<BlueprintInput['locationType']>().toEqualTypeOf<LocationType>();
    expectTypeOf<BlueprintInput['price']>().toEqualTypeOf<number>();
    expectTypeOf<BlueprintInput['minAge']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<BlueprintInput['description']>().toEqualTypeOf<string | null | undefined>();
  });
});
