import type { NewAccount } from '../modules/users/user.repository';

/** The demo's password and accounts, listed in the README; tests sign in with them. */

export const DEMO_PASSWORD = 'Demo1234';
export const DEMO_ORGANIZATION_ID = 'org_demo';
export const SECOND_ESTABLISHMENT_ID = 'est_piscine';

/** The demo accounts listed in the README, all with the password `Demo1234`. */
export const DEMO_ACCOUNTS = {
  sysadmin: 'sysadmin@admin.test',
  support: 'support@admin.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  estManager: 'est-manager@demo.test',
  holder: 'holder@demo.test',
  parent: 'parent@demo.test',
} as const;

/**
 * The platform's other demo clubs (issue 16): one on a paid plan with members and registrations this
 * month, one in a free trial that ends in five days, one archived. Each has an administrator.
 */
export const DEMO_CLUBS = {
  paid: { id: 'org_aquatique', key: 'aquatique', admin: 'admin@aquatique.test' },
  trial: { id: 'org_judo_essai', key: 'judo-essai', admin: 'admin@judo-essai.test' },
  archived: { id: 'org_tennis_ancien', key: 'tennis-ancien', admin: 'admin@tennis-ancien.test' },
} as const;

/** A demo adult: someone living in Brussels unless told otherwise. */
export const person = (firstName: string, lastName: string, extra: Partial<NewAccount['person']> = {}) => ({
  firstName,
  lastName,
  gender: 'F',
  birthdate: '1985-04-12',
  address: 'Rue de la Loi 16',
  city: 'Bruxelles',
  postalCode: '1000',
  country: 'BEL',
  phoneNumber: '+32 470 12 34 56',
  ...extra,
});
