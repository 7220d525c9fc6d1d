import { describe, expect, it } from 'vitest';
import { organizationCreateSchema } from './organization-create.schema';
import type { OrganizationCreateInput } from './organization-create.schema';
import { fieldIssues, issuesOf } from './test-utils';

const T = {
  fr: {
    required: 'Ce champs est requis',
    object: 'La valeur doit être un objet avec les champs attendus',
    text: 'La valeur doit être un texte',
    phoneCharacters: 'Le numéro de téléphone ne peut contenir que des chiffres, des espaces et + . - ( )',
    min5: 'Ce champ doit contenir au moins 5 caractères',
    email: 'Adresse e-mail invalide',
    phone: 'Le numéro de téléphone doit contenir au moins 9 chiffres',
    timeZone: 'Fuseau horaire invalide',
    key: 'Lettres minuscules sans accents, chiffres et tirets, de 3 à 40 caractères, sans tiret au début ni à la fin',
    country: 'Pays invalide',
    rule: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule et un chiffre',
    mismatch: 'Les mots de passe ne correspondent pas',
  },
  en: {
    required: 'This field is required',
    object: 'The value must be an object with the expected fields',
    text: 'The value must be a text',
    phoneCharacters: 'The phone number may only contain digits, spaces and + . - ( )',
    min5: 'This field must contain at least 5 characters',
    email: 'Invalid e-mail address',
    phone: 'The phone number must contain at least 9 digits',
    timeZone: 'Invalid time zone',
    key: 'Lower-case letters without accents, digits and hyphens, 3 to 40 characters, no hyphen first or last',
    country: 'Invalid country',
    rule: 'The password must contain at least 8 characters, one uppercase letter and one digit',
    mismatch: 'Passwords do not match',
  },
};

const VALID: OrganizationCreateInput = {
  organizationName: 'Club de natation',
  organizationKey: 'club-de-natation',
  country: 'BEL',
  adminFirstName: 'Marie',
  adminLastName: 'Dupont',
  contactEmail: 'contact@club.be',
  contactPhone: '+32 470 12 34 56',
  timeZone: 'Europe/Brussels',
  password: 'Secret123',
  confirmPassword: 'Secret123',
};

const FIELDS = Object.keys(VALID) as (keyof OrganizationCreateInput)[];

describe.each(['fr', 'en'] as const)('organizationCreateSchema (%s)', (locale) => {
  const schema = organizationCreateSchema(locale);
  const t = T[locale];
  const field = (name: keyof OrganizationCreateInput, value: unknown) =>
    fieldIssues(schema, { ...VALID, [name]: value }, name);

  it('accepts a valid payload', () => {
    expect(schema.parse(VALID)).toEqual(VALID);
  });

  it('trims text fields', () => {
    const parsed = schema.parse({
      ...VALID,
      organizationName: '  Club de natation ',
      adminFirstName: ' Marie ',
      contactEmail: ' contact@club.be ',
      timeZone: ' Europe/Brussels ',
    });
    expect(parsed).toEqual(VALID);
  });

  it('reports every missing field as required', () => {
    expect(issuesOf(schema, {})).toEqual(Object.fromEntries(FIELDS.map((name) => [name, [t.required]])));
  });

  it.each(FIELDS)('requires %s (undefined, null, empty, blank)', (name) => {
    for (const value of [undefined, null, '']) expect(field(name, value)).toEqual([t.required]);
    if (name !== 'password' && name !== 'confirmPassword' && name !== 'country')
      expect(field(name, '   ')).toEqual([t.required]);
  });

  it('rejects a payload that is not an object', () => {
    expect(issuesOf(schema, undefined)).toEqual({ '': [t.required] });
    expect(issuesOf(schema, 'x')).toEqual({ '': [t.object] });
  });

  it('rejects a non-string field', () => {
    expect(field('organizationName', 12345)).toEqual([t.text]);
  });

  if (locale === 'fr') {
    it('needs an organisation name of 5 characters in French', () => {
      expect(field('organizationName', 'Club')).toEqual([t.min5]);
      expect(field('organizationName', ' Club   ')).toEqual([t.min5]);
      expect(field('organizationName', 'Clubs')).toEqual([]);
    });
  } else {
    it('needs an organisation name of 1 character in English', () => {
      expect(field('organizationName', 'C')).toEqual([]);
    });
  }

  it('needs admin names of 1 character', () => {
    expect(field('adminFirstName', 'M')).toEqual([]);
    expect(field('adminLastName', 'D')).toEqual([]);
  });

  it.each(['contact@club', 'contact', '@club.be', 'contact@@club.be', 'contact@club.b', 'con tact@club.be'])(
    'rejects the e-mail %j',
    (email) => {
      expect(field('contactEmail', email)).toEqual([t.email]);
    },
  );

  it.each(['a@b.be', 'first.last+tag@sub.club.be'])('accepts the e-mail %j', (email) => {
    expect(field('contactEmail', email)).toEqual([]);
  });

  it.each(['047012345', '+32 470 12 34 56', '+32 (0)470.12.34-56', '0470 12 34 5', '(02) 123 45 67'])(
    'accepts the phone %j (9 digits or more)',
    (phone) => {
      expect(field('contactPhone', phone)).toEqual([]);
    },
  );

  it.each(['04701234', '+32 470 12 3', '(0) 47 01 23 4'])('rejects the phone %j (8 digits)', (phone) => {
    expect(field('contactPhone', phone)).toEqual([t.phone]);
  });

  it.each(['0470/12.34.56', '0470 12 34 56 ext', '+32#470123456'])(
    'rejects the characters of %j',
    (phone) => {
      expect(field('contactPhone', phone)).toEqual([t.phoneCharacters]);
    },
  );

  it.each(['Europe/Brussels', 'Europe/Paris', 'Europe/Luxembourg', 'UTC', 'America/New_York'])(
    'accepts the time zone %j',
    (zone) => {
      expect(field('timeZone', zone)).toEqual([]);
    },
  );

  it.each(['Europe/Brussel', 'europe/brussels', 'CET+1', 'Brussels'])('rejects the time zone %j', (zone) => {
    expect(field('timeZone', zone)).toEqual([t.timeZone]);
  });

  it.each(['ab', 'Club', 'club_nat', '-club', 'club-', 'clùb', 'club nat'])('rejects the key %j', (key) => {
    expect(field('organizationKey', key)).toEqual([t.key]);
  });

  it.each(['abc', 'club-2', 'a'.repeat(40), '123'])('accepts the key %j', (key) => {
    expect(field('organizationKey', key)).toEqual([]);
  });

  it.each(['admin', 'www'])('leaves the reserved key %j to the API (409 with suggestions)', (key) => {
    expect(field('organizationKey', key)).toEqual([]);
  });

  it.each(['BE', 'DEU', 'bel'])('rejects the country %j', (country) => {
    expect(field('country', country)).toEqual([t.country]);
  });

  it('applies the password rule', () => {
    expect(
      fieldIssues(schema, { ...VALID, password: 'secret12', confirmPassword: 'secret12' }, 'password'),
    ).toEqual([t.rule]);
    expect(
      fieldIssues(schema, { ...VALID, password: 'Secret1', confirmPassword: 'Secret1' }, 'password'),
    ).toEqual([t.rule]);
    expect(
      fieldIssues(schema, { ...VALID, password: 'Secret12', confirmPassword: 'Secret12' }, 'password'),
    ).toEqual([]);
  });

  it('needs a matching confirmation', () => {
    expect(issuesOf(schema, { ...VALID, confirmPassword: 'Secret124' })).toEqual({
      confirmPassword: [t.mismatch],
    });
  });

  it('reports one message per field, all fields at once', () => {
    expect(
      issuesOf(schema, {
        organizationName: locale === 'fr' ? 'Club' : '',
        organizationKey: 'Club!',
        country: 'DEU',
        adminFirstName: '',
        adminLastName: 'D',
        contactEmail: 'nope',
        contactPhone: '0470',
        timeZone: 'Mars/Olympus',
        password: 'weak',
        confirmPassword: 'other',
      }),
    ).toEqual({
      organizationName: [locale === 'fr' ? t.min5 : t.required],
      organizationKey: [t.key],
      country: [t.country],
      adminFirstName: [t.required],
      contactEmail: [t.email],
      contactPhone: [t.phone],
      timeZone: [t.timeZone],
      password: [t.rule],
      confirmPassword: [t.mismatch],
    });
  });

  it('drops unknown keys', () => {
    expect(schema.parse({ ...VALID, role: 'admin' })).not.toHaveProperty('role');
  });
});
