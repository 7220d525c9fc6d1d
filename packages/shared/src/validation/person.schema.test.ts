import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  delegatedPersonFields,
  delegatedPersonSchema,
  isPhoneNumberValidFor,
  isPostalCodeValidFor,
  personContactIssues,
  personFormSchema,
  personSchema,
  personSchemaWithPassword,
  withPersonContactRules,
} from './person.schema';
import type { DelegatedPersonInput, PersonInput, SignUpInput } from './person.schema';
import { fieldIssues, issuesOf } from './test-utils';

const T = {
  fr: {
    required: 'Ce champs est requis',
    text: 'La valeur doit être un texte',
    phoneCharacters: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . -',
    min: (n: number) => `Ce champ doit contenir au moins ${n} caractères`,
    email: 'Adresse e-mail invalide',
    date: 'Date invalide (format AAAA-MM-JJ)',
    future: 'La date ne peut pas être dans le futur',
    gender: 'Genre invalide',
    country: 'Pays invalide',
    rule: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
    mismatch: 'Les mots de passe ne correspondent pas',
    phone: 'Numéro de téléphone invalide pour le pays choisi',
    postal: 'Code postal invalide pour le pays choisi',
  },
  en: {
    required: 'This field is required',
    text: 'The value must be a text',
    phoneCharacters: 'The phone number may only contain digits, spaces and + . -',
    min: (n: number) => `This field must contain at least ${n} characters`,
    email: 'Invalid e-mail address',
    date: 'Invalid date (format YYYY-MM-DD)',
    future: 'The date cannot be in the future',
    gender: 'Invalid gender',
    country: 'Invalid country',
    rule: 'The password must contain at least 8 characters, one uppercase letter and one digit',
    mismatch: 'Passwords do not match',
    phone: 'Invalid phone number for the chosen country',
    postal: 'Invalid postal code for the chosen country',
  },
};

const VALID: PersonInput = {
  gender: 'F',
  firstName: 'Marie',
  lastName: 'Dupont',
  birthdate: '1990-05-17',
  address: 'Rue du Stade 1',
  city: 'Namur',
  postalCode: '5000',
  country: 'BEL',
  phoneNumber: '+32 470 12 34 56',
  email: 'marie@club.be',
};

const PERSON_FIELDS = Object.keys(VALID) as (keyof PersonInput)[];

beforeAll(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-06-15T08:00:00Z'));
});

afterAll(() => {
  vi.useRealTimers();
});

describe.each(['fr', 'en'] as const)('personSchema (%s)', (locale) => {
  const schema = personSchema(locale);
  const t = T[locale];
  const field = (name: keyof PersonInput, value: unknown) =>
    fieldIssues(schema, { ...VALID, [name]: value }, name);
  const nameMin = locale === 'fr' ? 2 : 1;
  const phoneMin = locale === 'fr' ? 6 : 9;

  it('accepts a valid person', () => {
    expect(schema.parse(VALID)).toEqual(VALID);
  });

  it('trims text fields', () => {
    expect(
      schema.parse({
        ...VALID,
        firstName: ' Marie ',
        city: ' Namur  ',
        email: ' marie@club.be ',
        birthdate: ' 1990-05-17 ',
      }),
    ).toEqual(VALID);
  });

  it('reports every missing field as required', () => {
    expect(issuesOf(schema, {})).toEqual(
      Object.fromEntries(PERSON_FIELDS.map((name) => [name, [t.required]])),
    );
  });

  it.each(PERSON_FIELDS)('requires %s (undefined, null, empty, blank)', (name) => {
    for (const value of [undefined, null, '']) expect(field(name, value)).toEqual([t.required]);
    if (name !== 'gender' && name !== 'country') expect(field(name, '  ')).toEqual([t.required]);
  });

  it.each(['firstName', 'lastName'] as const)(`needs %s of ${nameMin} characters`, (name) => {
    if (nameMin > 1) expect(field(name, 'A'.repeat(nameMin - 1))).toEqual([t.min(nameMin)]);
    expect(field(name, 'A'.repeat(nameMin))).toEqual([]);
  });

  it.each([
    ['address', 5],
    ['city', 2],
    ['postalCode', 4],
  ] as const)('needs %s of %i characters', (name, min) => {
    expect(field(name, 'x'.repeat(min - 1))).toEqual([t.min(min)]);
    expect(field(name, ` ${'x'.repeat(min - 1)} `)).toEqual([t.min(min)]);
    expect(field(name, 'x'.repeat(min))).toEqual([]);
  });

  it.each(['M', 'F', 'O'])('accepts the gender %s', (gender) => {
    expect(field('gender', gender)).toEqual([]);
  });

  it.each(['X', 'm', 'Homme', 1])('rejects the gender %j', (gender) => {
    expect(field('gender', gender)).toEqual([t.gender]);
  });

  it.each(['BEL', 'FRA', 'LUX'])('accepts the country %s', (country) => {
    expect(field('country', country)).toEqual([]);
  });

  it.each(['DEU', 'bel', 'BE', 'Belgique'])('rejects the country %j', (country) => {
    expect(field('country', country)).toEqual([t.country]);
  });

  it.each(['2024-06-15', '2024-02-29', '1900-01-01', '2000-12-31'])('accepts the birthdate %s', (date) => {
    expect(field('birthdate', date)).toEqual([]);
  });

  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-04-31',
    '17/05/1990',
    '1990-5-17',
    '1990-05-17T00:00:00Z',
    'yesterday',
  ])('rejects the birthdate %j', (date) => {
    expect(field('birthdate', date)).toEqual([t.date]);
  });

  it('rejects a birthdate in the future', () => {
    expect(field('birthdate', '2024-06-16')).toEqual([t.future]);
    expect(field('birthdate', '2099-01-01')).toEqual([t.future]);
  });

  it(`needs a phone number of ${phoneMin} characters`, () => {
    expect(field('phoneNumber', '1'.repeat(phoneMin - 1))).toEqual([t.min(phoneMin)]);
    expect(field('phoneNumber', '1'.repeat(phoneMin))).toEqual([]);
  });

  it.each(['+32 470.12-34-56', '0470 12 34 56', '+352 621 123 456'])('accepts the phone %j', (phone) => {
    expect(field('phoneNumber', phone)).toEqual([]);
  });

  it.each(['(0470) 123456', '0470/123456', '0470 12 34 ab'])(
    'rejects the characters of the phone %j',
    (phone) => {
      expect(field('phoneNumber', phone)).toEqual([t.phoneCharacters]);
    },
  );

  it('needs an e-mail of 6 characters that is valid', () => {
    expect(field('email', 'a@b.b')).toEqual([t.min(6)]);
    expect(field('email', 'a@b.be')).toEqual([]);
    expect(field('email', 'abcdef')).toEqual([t.email]);
    expect(field('email', 'marie@club')).toEqual([t.email]);
  });
});

describe.each(['fr', 'en'] as const)('personSchemaWithPassword (%s)', (locale) => {
  const schema = personSchemaWithPassword(locale);
  const t = T[locale];
  const VALID_SIGN_UP: SignUpInput = { ...VALID, password: 'Secret123', confirmPassword: 'Secret123' };

  it('accepts a valid sign-up', () => {
    expect(schema.parse(VALID_SIGN_UP)).toEqual(VALID_SIGN_UP);
  });

  it('requires the password and its confirmation', () => {
    expect(issuesOf(schema, VALID)).toEqual({ password: [t.required], confirmPassword: [t.required] });
  });

  it('applies the password rule and the match check', () => {
    expect(issuesOf(schema, { ...VALID_SIGN_UP, password: 'secret123' })).toEqual({
      password: [t.rule],
      confirmPassword: [t.mismatch],
    });
    expect(issuesOf(schema, { ...VALID_SIGN_UP, confirmPassword: 'Secret124' })).toEqual({
      confirmPassword: [t.mismatch],
    });
  });

  it('still validates the person', () => {
    expect(issuesOf(schema, { ...VALID_SIGN_UP, email: 'nope-at-club.be' })).toEqual({ email: [t.email] });
  });
});

describe.each(['fr', 'en'] as const)('delegatedPersonSchema (%s)', (locale) => {
  const schema = delegatedPersonSchema(locale);
  const t = T[locale];
  const CHILD: DelegatedPersonInput = {
    gender: 'M',
    firstName: 'Léo',
    lastName: 'Dupont',
    birthdate: '2019-03-02',
  };
  const field = (name: keyof DelegatedPersonInput, value: unknown) =>
    fieldIssues(schema, { ...CHILD, [name]: value }, name);
  const OPTIONAL = ['address', 'city', 'postalCode', 'country', 'phoneNumber', 'email'] as const;

  it('accepts a child with identity only', () => {
    expect(schema.parse(CHILD)).toEqual(CHILD);
  });

  it('accepts a child with full contact details', () => {
    const { gender: _g, firstName: _f, lastName: _l, birthdate: _b, ...contact } = VALID;
    expect(schema.parse({ ...CHILD, ...contact })).toEqual({ ...CHILD, ...contact });
  });

  it('requires the identity fields', () => {
    expect(issuesOf(schema, {})).toEqual({
      gender: [t.required],
      firstName: [t.required],
      lastName: [t.required],
      birthdate: [t.required],
    });
  });

  it.each(OPTIONAL)('takes %s as not given when undefined, null, empty or blank', (name) => {
    for (const value of [undefined, null, '']) expect(field(name, value)).toEqual([]);
    if (name !== 'country') expect(field(name, '   ')).toEqual([]);
  });

  it('validates optional fields when given', () => {
    expect(field('address', 'Rue')).toEqual([t.min(5)]);
    expect(field('city', 'N')).toEqual([t.min(2)]);
    expect(field('postalCode', '500')).toEqual([t.min(4)]);
    expect(field('country', 'DEU')).toEqual([t.country]);
    expect(field('phoneNumber', '12345')).toEqual([t.min(locale === 'fr' ? 6 : 9)]);
    expect(field('phoneNumber', '0470/123456')).toEqual([t.phoneCharacters]);
    expect(field('email', 'a@b.b')).toEqual([t.min(6)]);
    expect(field('email', 'not-an-email')).toEqual([t.email]);
    expect(field('address', 42)).toEqual([t.text]);
  });

  it('applies the person rules to the identity', () => {
    expect(field('birthdate', '2024-06-16')).toEqual([t.future]);
    expect(field('gender', 'X')).toEqual([t.gender]);
    if (locale === 'fr') expect(field('firstName', 'L')).toEqual([t.min(2)]);
    else expect(field('firstName', 'L')).toEqual([]);
  });
});

describe('country-dependent rules', () => {
  it.each([
    ['+32 470 12 34 56', 'BEL'],
    ['0470 12 34 56', 'BEL'],
    ['+32 2 123 45 67', 'BEL'],
    ['02 123 45 67', 'BEL'],
    ['+32 4 222 33 44', 'BEL'],
    ['06 12 34 56 78', 'FRA'],
    ['+33 6 12 34 56 78', 'FRA'],
    ['01 42 68 53 00', 'FRA'],
    ['621 123 456', 'LUX'],
    ['+352 621 123 456', 'LUX'],
    ['+352 621 123 456', 'BEL'],
    ['+33 6 12 34 56 78', 'LUX'],
    ['0032 470 12 34 56', 'FRA'],
  ] as const)('accepts the phone %j for %s', (phone, country) => {
    expect(isPhoneNumberValidFor(phone, country)).toBe(true);
  });

  it.each([
    ['111111', 'BEL'],
    ['0470 12 34', 'BEL'],
    ['06 12 34 56', 'FRA'],
    ['12345', 'LUX'],
    ['+32 1234', 'FRA'],
    ['+49 151 23456789', 'BEL'],
    ['+1 202 555 0123', 'FRA'],
  ] as const)('rejects the phone %j for %s', (phone, country) => {
    expect(isPhoneNumberValidFor(phone, country)).toBe(false);
  });

  it.each([
    ['1000', 'BEL', true],
    ['9992', 'BEL', true],
    ['0999', 'BEL', false],
    ['10000', 'BEL', false],
    ['B-1000', 'BEL', false],
    ['75001', 'FRA', true],
    ['01000', 'FRA', true],
    ['7500', 'FRA', false],
    ['75 001', 'FRA', false],
    ['1234', 'LUX', true],
    ['L-1234', 'LUX', true],
    ['l-1234', 'LUX', true],
    ['L1234', 'LUX', false],
    ['12345', 'LUX', false],
  ] as const)('postal code %j in %s: %s', (code, country, valid) => {
    expect(isPostalCodeValidFor(code, country)).toBe(valid);
  });

  it('checks nothing without a valid country, or for a field that already has an issue', () => {
    expect(personContactIssues({ phoneNumber: '111111', postalCode: 'abcd' }, 'fr')).toEqual([]);
    expect(personContactIssues({ country: 'DEU', phoneNumber: '111111' }, 'fr')).toEqual([]);
    expect(
      personContactIssues({ country: 'BEL', phoneNumber: '111111', postalCode: '0999' }, 'fr', (f) =>
        ['phoneNumber', 'postalCode'].includes(f),
      ),
    ).toEqual([]);
    expect(personContactIssues({ country: 'BEL', phoneNumber: '', postalCode: '  ' }, 'fr')).toEqual([]);
  });
});

describe.each(['fr', 'en'] as const)('person forms with the country rules (%s)', (locale) => {
  const t = T[locale];

  it('personFormSchema accepts the valid person and names the broken country rules', () => {
    const schema = personFormSchema(locale);
    expect(schema.parse(VALID)).toEqual(VALID);
    expect(issuesOf(schema, { ...VALID, phoneNumber: '111111111', postalCode: '50000' })).toEqual({
      phoneNumber: [t.phone],
      postalCode: [t.postal],
    });
    // A French address: the Belgian mobile keeps its prefix, the postal code needs 5 digits.
    expect(issuesOf(schema, { ...VALID, country: 'FRA' })).toEqual({ postalCode: [t.postal] });
    expect(issuesOf(schema, { ...VALID, country: 'FRA', postalCode: '59000' })).toEqual({});
    expect(issuesOf(schema, { ...VALID, country: 'FRA', phoneNumber: '0470 12 34 5' })).toEqual({
      phoneNumber: [t.phone],
      postalCode: [t.postal],
    });
  });

  it('keeps one message per field: the minimum and the characters come first', () => {
    const schema = personFormSchema(locale);
    const min = locale === 'fr' ? 6 : 9;
    expect(issuesOf(schema, { ...VALID, phoneNumber: '1'.repeat(min - 1), postalCode: '50' })).toEqual({
      phoneNumber: [t.min(min)],
      postalCode: [t.min(4)],
    });
    expect(issuesOf(schema, { ...VALID, phoneNumber: '0470/123456' })).toEqual({
      phoneNumber: [t.phoneCharacters],
    });
  });

  it('skips the country rules while the country is missing or invalid', () => {
    const schema = personFormSchema(locale);
    expect(issuesOf(schema, { ...VALID, country: 'DEU', phoneNumber: '111111111', postalCode: '1' })).toEqual(
      { country: [t.country], postalCode: [t.min(4)] },
    );
    expect(issuesOf(schema, { ...VALID, country: undefined, phoneNumber: '111111111' })).toEqual({
      country: [t.required],
    });
  });

  it('reports the country rules alongside the other field errors', () => {
    expect(issuesOf(personFormSchema(locale), { ...VALID, firstName: '', phoneNumber: '999999999' })).toEqual(
      { firstName: [t.required], phoneNumber: [t.phone] },
    );
  });

  it('applies them to the sign-up payload', () => {
    const schema = personSchemaWithPassword(locale);
    const signUp = { ...VALID, password: 'Secret123', confirmPassword: 'Secret124', postalCode: '500' };
    expect(issuesOf(schema, { ...signUp, postalCode: '50000' })).toEqual({
      postalCode: [t.postal],
      confirmPassword: [t.mismatch],
    });
  });

  it('applies them to a family member when its country is given', () => {
    const schema = delegatedPersonSchema(locale);
    const child = { gender: 'M', firstName: 'Léo', lastName: 'Dupont', birthdate: '2019-03-02' };
    expect(issuesOf(schema, { ...child, phoneNumber: '111111111', postalCode: '123456' })).toEqual({});
    expect(
      issuesOf(schema, { ...child, country: 'LUX', phoneNumber: '111111111', postalCode: 'L-123' }),
    ).toEqual({ phoneNumber: [t.phone], postalCode: [t.postal] });
    expect(
      issuesOf(schema, { ...child, country: 'LUX', phoneNumber: '621 123 456', postalCode: 'L-1234' }),
    ).toEqual({});
  });

  it('applies them to partial updates, with the fields the update gives', () => {
    const schema = withPersonContactRules(personSchema(locale).partial(), locale);
    expect(issuesOf(schema, { city: 'Liège' })).toEqual({});
    expect(issuesOf(schema, { phoneNumber: '111111111' })).toEqual({});
    expect(issuesOf(schema, { country: 'FRA', postalCode: '4000' })).toEqual({ postalCode: [t.postal] });
    const delegated = withPersonContactRules(delegatedPersonFields(locale).partial(), locale);
    expect(issuesOf(delegated, { country: 'BEL', phoneNumber: '+32 470 12 34 56' })).toEqual({});
  });
});
