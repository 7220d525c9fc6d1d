import type { EstablishmentOption, MemberDetail, MemberListItem, Page } from '../api/types';

/* Answers of the members API as the tests' fake server gives them. */

export const ESTABLISHMENTS: Page<EstablishmentOption> = {
  items: [
    { id: 'est_default', name: 'Complexe sportif principal', isDefault: true },
    { id: 'est_piscine', name: 'Piscine communale', isDefault: false },
  ],
  total: 2,
  page: 1,
  pageSize: 100,
};

export function listItem(overrides: Partial<MemberListItem> = {}): MemberListItem {
  return {
    userId: 'usr_parent',
    memberId: 'mbr_parent',
    displayName: 'Claire Peeters',
    firstName: 'Claire',
    lastName: 'Peeters',
    email: 'parent@demo.test',
    establishment: { id: 'est_default', name: 'Complexe sportif principal' },
    role: 'user',
    roleLabel: 'Utilisateur basique',
    isHolder: false,
    familySize: 3,
    lastLoginAt: null,
    createdAt: '2026-11-22T01:29:46.276Z',
    ...overrides,
  };
}

export function page<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

export function memberDetail(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    userId: 'usr_parent',
    memberId: 'mbr_parent',
    familyId: 'fam_parent',
    displayName: 'Claire Peeters',
    email: 'parent@demo.test',
    role: 'user',
    roleLabel: 'Utilisateur basique',
    isHolder: false,
    isSystemAdmin: false,
    establishment: { id: 'est_default', name: 'Complexe sportif principal' },
    locale: 'fr',
    hasPassword: true,
    person: {
      gender: 'F',
      firstName: 'Claire',
      lastName: 'Peeters',
      birthdate: '1985-04-12',
      address: 'Chaussée de Wavre 210',
      city: 'Etterbeek',
      postalCode: '1040',
      country: 'BEL',
      phoneNumber: '+32 470 12 34 56',
      email: 'parent@demo.test',
    },
    family: [
      {
        id: 'mbr_lea',
        displayName: 'Léa Peeters',
        gender: 'F',
        firstName: 'Léa',
        lastName: 'Peeters',
        birthdate: '2016-03-14',
        address: 'Chaussée de Wavre 210',
        city: 'Etterbeek',
        postalCode: '1040',
        country: 'BEL',
        phoneNumber: null,
        email: null,
        ageMonths: 128,
        ageText: '10 ans',
      },
    ],
    representatives: [],
    permissions: { canEdit: true, canChangeRole: true },
    lastLoginAt: '2026-11-20T16:05:00.000Z',
    createdAt: '2026-11-22T01:29:46.276Z',
    documents: [],
    ...overrides,
  };
}
