import { hashPassword } from '../lib/password';
import { newId } from '../lib/ids';
import type { Executor } from '../db/client';
import { families, members, users } from '../db/schema';

/*
 * Demo families of the demo club, so that the members administration has something to list, sort and
 * export: households of one to four children from Belgium (mostly), France and Luxembourg, with phone
 * numbers and postal codes valid in their country; two households shared by two representatives; a few
 * more holders (coaches); accounts in both establishments; sign-ins from half an hour to three months
 * ago, and one invited parent who has not chosen a password yet. All with the password `Demo1234`.
 * Three inserts in all, so the seed stays fast.
 */

type Country = 'BEL' | 'FRA' | 'LUX';
type EstablishmentId = 'est_default' | 'est_piscine';

interface DemoAdult {
  firstName: string;
  lastName: string;
  email: string;
  gender: 'M' | 'F';
  birthdate: string;
  phoneNumber: string;
  /** Hours since the last sign-in; null: never signed in. */
  lastLoginHoursAgo: number | null;
  isHolder?: boolean;
  /** Invited by a manager and no password chosen yet. */
  noPassword?: boolean;
}

interface DemoFamily {
  country: Country;
  establishmentId: EstablishmentId;
  address: string;
  city: string;
  postalCode: string;
  /** Days since the account was created. */
  createdDaysAgo: number;
  /** The first adult holds the account; a second one is a representative sharing the family. */
  adults: [DemoAdult, ...DemoAdult[]];
  children: { firstName: string; gender: 'M' | 'F'; birthdate: string }[];
}

const FAMILIES: DemoFamily[] = [
  {
    country: 'BEL',
    establishmentId: 'est_default',
    address: 'Avenue Louis Bertrand 54',
    city: 'Schaerbeek',
    postalCode: '1030',
    createdDaysAgo: 410,
    adults: [
      {
        firstName: 'Sarah',
        lastName: 'Janssens',
        email: 'sarah.janssens@demo.test',
        gender: 'F',
        birthdate: '1984-06-21',
        phoneNumber: '+32 471 23 45 67',
        lastLoginHoursAgo: 2,
      },
      {
        firstName: 'Thomas',
        lastName: 'Janssens',
        email: 'thomas.janssens@demo.test',
        gender: 'M',
        birthdate: '1982-01-09',
        phoneNumber: '+32 472 34 56 78',
        lastLoginHoursAgo: 5 * 24,
      },
    ],
    children: [
      { firstName: 'Emma', gender: 'F', birthdate: '2014-05-03' },
      { firstName: 'Louis', gender: 'M', birthdate: '2016-10-17' },
      { firstName: 'Noah', gender: 'M', birthdate: '2020-02-29' },
    ],
  },
  {
    country: 'BEL',
    establishmentId: 'est_piscine',
    address: 'Rue du Trône 98',
    city: 'Ixelles',
    postalCode: '1050',
    createdDaysAgo: 95,
    adults: [
      {
        firstName: 'Julie',
        lastName: 'Dupont',
        email: 'julie.dupont@demo.test',
        gender: 'F',
        birthdate: '1991-11-30',
        phoneNumber: '+32 475 45 67 89',
        lastLoginHoursAgo: 26,
      },
    ],
    children: [{ firstName: 'Arthur', gender: 'M', birthdate: '2025-02-10' }],
  },
  {
    country: 'BEL',
    establishmentId: 'est_default',
    address: 'Boulevard de la Sauvenière 120',
    city: 'Liège',
    postalCode: '4000',
    createdDaysAgo: 3,
    adults: [
      {
        firstName: 'Nicolas',
        lastName: 'Mertens',
        email: 'nicolas.mertens@demo.test',
        gender: 'M',
        birthdate: '1979-03-14',
        phoneNumber: '+32 4 222 33 44',
        lastLoginHoursAgo: null,
        noPassword: true,
      },
    ],
    children: [
      { firstName: 'Chloé', gender: 'F', birthdate: '2012-08-25' },
      { firstName: 'Lucas', gender: 'M', birthdate: '2015-12-01' },
    ],
  },
  {
    country: 'FRA',
    establishmentId: 'est_default',
    address: 'Rue Nationale 45',
    city: 'Lille',
    postalCode: '59000',
    createdDaysAgo: 240,
    adults: [
      {
        firstName: 'Camille',
        lastName: 'Leroy',
        email: 'camille.leroy@demo.test',
        gender: 'F',
        birthdate: '1987-07-07',
        phoneNumber: '+33 6 12 34 56 78',
        lastLoginHoursAgo: 12 * 24,
      },
    ],
    children: [
      { firstName: 'Jules', gender: 'M', birthdate: '2013-04-19' },
      { firstName: 'Inès', gender: 'F', birthdate: '2017-09-08' },
    ],
  },
  {
    country: 'FRA',
    establishmentId: 'est_piscine',
    address: 'Rue de la Roquette 61',
    city: 'Paris',
    postalCode: '75011',
    createdDaysAgo: 180,
    adults: [
      {
        firstName: 'Antoine',
        lastName: 'Bernard',
        email: 'antoine.bernard@demo.test',
        gender: 'M',
        birthdate: '1983-02-02',
        phoneNumber: '+33 7 81 23 45 67',
        lastLoginHoursAgo: 40 * 24,
      },
    ],
    children: [{ firstName: 'Zoé', gender: 'F', birthdate: '2018-06-12' }],
  },
  {
    country: 'LUX',
    establishmentId: 'est_default',
    address: 'Boulevard Royal 25',
    city: 'Luxembourg',
    postalCode: 'L-1009',
    createdDaysAgo: 365,
    adults: [
      {
        firstName: 'Anne',
        lastName: 'Schmit',
        email: 'anne.schmit@demo.test',
        gender: 'F',
        birthdate: '1980-10-10',
        phoneNumber: '+352 621 123 456',
        lastLoginHoursAgo: 3,
      },
      {
        firstName: 'Marc',
        lastName: 'Schmit',
        email: 'marc.schmit@demo.test',
        gender: 'M',
        birthdate: '1978-12-24',
        phoneNumber: '+352 691 234 567',
        lastLoginHoursAgo: 60 * 24,
      },
    ],
    children: [
      { firstName: 'Ben', gender: 'M', birthdate: '2011-01-15' },
      { firstName: 'Mia', gender: 'F', birthdate: '2013-03-03' },
      { firstName: 'Paul', gender: 'M', birthdate: '2016-07-22' },
      { firstName: 'Lena', gender: 'F', birthdate: '2019-11-11' },
    ],
  },
  {
    country: 'LUX',
    establishmentId: 'est_piscine',
    address: "Rue de l'Alzette 80",
    city: 'Esch-sur-Alzette',
    postalCode: '4011',
    createdDaysAgo: 60,
    adults: [
      {
        firstName: 'Laura',
        lastName: 'Weber',
        email: 'laura.weber@demo.test',
        gender: 'F',
        birthdate: '1993-05-05',
        phoneNumber: '+352 661 345 678',
        lastLoginHoursAgo: 8 * 24,
      },
    ],
    children: [{ firstName: 'Max', gender: 'M', birthdate: '2021-04-30' }],
  },
  {
    country: 'BEL',
    establishmentId: 'est_default',
    address: 'Rue de Fer 33',
    city: 'Namur',
    postalCode: '5000',
    createdDaysAgo: 150,
    adults: [
      {
        firstName: 'Sophie',
        lastName: 'Lefèvre',
        email: 'sophie.lefevre@demo.test',
        gender: 'F',
        birthdate: '1986-09-18',
        phoneNumber: '+32 81 22 33 44',
        lastLoginHoursAgo: 20 * 24,
      },
    ],
    children: [
      { firstName: 'Manon', gender: 'F', birthdate: '2015-02-27' },
      { firstName: 'Gabriel', gender: 'M', birthdate: '2017-12-05' },
    ],
  },
  {
    country: 'BEL',
    establishmentId: 'est_piscine',
    address: 'Chaussée de Waterloo 1010',
    city: 'Uccle',
    postalCode: '1180',
    createdDaysAgo: 30,
    adults: [
      {
        firstName: 'Pieter',
        lastName: 'Maes',
        email: 'pieter.maes@demo.test',
        gender: 'M',
        birthdate: '1985-04-04',
        phoneNumber: '+32 486 12 34 56',
        lastLoginHoursAgo: 0.5,
      },
    ],
    children: [
      { firstName: 'Lotte', gender: 'F', birthdate: '2016-01-20' },
      { firstName: 'Wout', gender: 'M', birthdate: '2018-08-08' },
      { firstName: 'Fien', gender: 'F', birthdate: '2022-10-14' },
    ],
  },
  {
    country: 'BEL',
    establishmentId: 'est_default',
    address: 'Place Bosch 7',
    city: 'Wavre',
    postalCode: '1300',
    createdDaysAgo: 500,
    adults: [
      {
        firstName: 'Isabelle',
        lastName: 'Goossens',
        email: 'isabelle.goossens@demo.test',
        gender: 'F',
        birthdate: '1976-08-30',
        phoneNumber: '+32 10 45 67 89',
        lastLoginHoursAgo: 90 * 24,
      },
    ],
    children: [{ firstName: 'Victor', gender: 'M', birthdate: '2014-03-09' }],
  },
  // Holders (coaches): one with children of their own, two living alone.
  {
    country: 'BEL',
    establishmentId: 'est_piscine',
    address: 'Grand-Place 22',
    city: 'Mons',
    postalCode: '7000',
    createdDaysAgo: 700,
    adults: [
      {
        firstName: 'Nathalie',
        lastName: 'Lemaire',
        email: 'nathalie.lemaire@demo.test',
        gender: 'F',
        birthdate: '1981-02-11',
        phoneNumber: '+32 65 31 22 11',
        lastLoginHoursAgo: 28,
        isHolder: true,
      },
    ],
    children: [
      { firstName: 'Alice', gender: 'F', birthdate: '2013-07-01' },
      { firstName: 'Jade', gender: 'F', birthdate: '2016-04-16' },
    ],
  },
  {
    country: 'BEL',
    establishmentId: 'est_default',
    address: 'Rue Haute 140',
    city: 'Bruxelles',
    postalCode: '1000',
    createdDaysAgo: 320,
    adults: [
      {
        firstName: 'Karim',
        lastName: 'Benali',
        email: 'karim.benali@demo.test',
        gender: 'M',
        birthdate: '1992-12-12',
        phoneNumber: '+32 495 23 45 67',
        lastLoginHoursAgo: 6,
        isHolder: true,
      },
    ],
    children: [],
  },
  {
    country: 'BEL',
    establishmentId: 'est_piscine',
    address: 'Avenue de la Couronne 300',
    city: 'Ixelles',
    postalCode: '1050',
    createdDaysAgo: 45,
    adults: [
      {
        firstName: 'Julien',
        lastName: 'Thiry',
        email: 'julien.thiry@demo.test',
        gender: 'M',
        birthdate: '1997-03-27',
        phoneNumber: '+32 496 34 56 78',
        lastLoginHoursAgo: 15 * 24,
        isHolder: true,
      },
    ],
    children: [],
  },
];

const HOUR_MS = 3_600_000;

/** A seeded household: the account that holds it and its children (members without an account). */
export interface DemoHousehold {
  familyId: string;
  userId: string;
  isHolder: boolean;
  children: { id: string; firstName: string; lastName: string; birthdate: string }[];
}

/**
 * Seeds the demo families of `organizationId` (run inside the demo seed's transaction). Pass the demo
 * password's hash when the caller already has it: hashing costs tens of milliseconds, so it is done once.
 */
export async function seedFamilies(
  tx: Executor,
  organizationId: string,
  passwordHash?: string,
): Promise<DemoHousehold[]> {
  const hash = passwordHash ?? (await hashPassword('Demo1234'));
  const now = Date.now();
  const familyRows: (typeof families.$inferInsert)[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const memberRows: (typeof members.$inferInsert)[] = [];
  const households: DemoHousehold[] = [];

  for (const family of FAMILIES) {
    const familyId = newId('fam');
    const createdAt = new Date(now - family.createdDaysAgo * 24 * HOUR_MS);
    const home = {
      address: family.address,
      city: family.city,
      postalCode: family.postalCode,
      country: family.country,
    };
    familyRows.push({ organizationId, id: familyId, createdAt });
    const household: DemoHousehold = { familyId, userId: '', isHolder: false, children: [] };
    households.push(household);
    family.adults.forEach((adult, index) => {
      const userId = newId('usr');
      if (index === 0) {
        household.userId = userId;
        household.isHolder = adult.isHolder ?? false;
      }
      // A representative joined a little after the family was created.
      const joinedAt = new Date(createdAt.getTime() + index * 7 * 24 * HOUR_MS);
      userRows.push({
        organizationId,
        id: userId,
        familyId,
        email: adult.email,
        passwordHash: adult.noPassword ? null : hash,
        role: 'user',
        isHolder: adult.isHolder ?? false,
        establishmentId: family.establishmentId,
        locale: 'fr',
        lastLoginAt:
          adult.lastLoginHoursAgo === null ? null : new Date(now - adult.lastLoginHoursAgo * HOUR_MS),
        createdAt: joinedAt,
        updatedAt: joinedAt,
      });
      memberRows.push({
        organizationId,
        id: newId('mbr'),
        familyId,
        userId,
        gender: adult.gender,
        firstName: adult.firstName,
        lastName: adult.lastName,
        birthdate: adult.birthdate,
        phoneNumber: adult.phoneNumber,
        email: adult.email,
        ...home,
        createdAt: joinedAt,
        updatedAt: joinedAt,
      });
    });
    for (const child of family.children) {
      const id = newId('mbr');
      household.children.push({
        id,
        firstName: child.firstName,
        lastName: family.adults[0].lastName,
        birthdate: child.birthdate,
      });
      memberRows.push({
        organizationId,
        id,
        familyId,
        lastName: family.adults[0].lastName,
        ...child,
        ...home,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }

  await tx.insert(families).values(familyRows);
  await tx.insert(users).values(userRows);
  await tx.insert(members).values(memberRows);
  return households;
}
