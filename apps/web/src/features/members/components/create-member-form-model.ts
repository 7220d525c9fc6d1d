import { createMemberSchema, type Locale, personContactIssues, type Role } from '@inscrio/shared';

/*
 * The member creation form as typed, and the `POST /members` payload it becomes. The shared schema
 * (`createMemberSchema`) validates the payload, so every field shows the API's own message.
 */

export interface PersonValues {
  gender: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  phoneNumber: string;
  email: string;
}

/** A family member added with the account: identity, and the member's address unless told otherwise. */
export interface FamilyRowValues {
  gender: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  /** Lives at the member's address (the usual case for a child): the address is copied at submit. */
  sameAddress: boolean;
  address: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface CreateMemberValues {
  person: PersonValues;
  role: Role;
  establishmentId: string;
  isHolder: boolean;
  sendInvitation: boolean;
  familyMembers: FamilyRowValues[];
}

export const PERSON_FIELDS = [
  'gender',
  'firstName',
  'lastName',
  'birthdate',
  'address',
  'postalCode',
  'city',
  'country',
  'phoneNumber',
  'email',
] as const satisfies readonly (keyof PersonValues)[];

const FAMILY_FIELDS = [
  'gender',
  'firstName',
  'lastName',
  'birthdate',
  'address',
  'postalCode',
  'city',
  'country',
] as const satisfies readonly (keyof FamilyRowValues)[];

export const emptyPerson = (): PersonValues => ({
  gender: '',
  firstName: '',
  lastName: '',
  birthdate: '',
  address: '',
  postalCode: '',
  city: '',
  country: '',
  phoneNumber: '',
  email: '',
});

/** A new family row; the last name starts as the member's, which is what it usually is. */
export const emptyFamilyRow = (lastName = ''): FamilyRowValues => ({
  gender: '',
  firstName: '',
  lastName,
  birthdate: '',
  sameAddress: true,
  address: '',
  postalCode: '',
  city: '',
  country: '',
});

export const emptyCreateMember = (establishmentId = ''): CreateMemberValues => ({
  person: emptyPerson(),
  role: 'user',
  establishmentId,
  isHolder: false,
  sendInvitation: true,
  familyMembers: [],
});

/**
 * `createMemberSchema` with the person's country-dependent rules (phone number by the country's
 * numbering plan, postal code format) that the profile form applies too: the payload schema checks them
 * on the family members only.
 */
export function createMemberFormSchema(locale: Locale) {
  return createMemberSchema(locale).superRefine(
    (value, ctx) => {
      const hasIssue = (field: string) =>
        ctx.issues.some((issue) => issue.path?.[0] === 'person' && issue.path[1] === field);
      for (const issue of personContactIssues(value.person ?? {}, locale, hasIssue)) {
        ctx.addIssue({
          code: 'custom',
          path: ['person', issue.field],
          message: issue.message,
          input: undefined,
        });
      }
    },
    { when: ({ value }) => typeof value === 'object' && value !== null },
  );
}

/** The `POST /members` payload: the holder flag only for a basic user, the address copied where asked. */
export function toCreateMemberPayload(values: CreateMemberValues) {
  const { person } = values;
  return {
    person,
    role: values.role,
    isHolder: values.role === 'user' && values.isHolder,
    establishmentId: values.establishmentId || undefined,
    sendInvitation: values.sendInvitation,
    familyMembers: values.familyMembers.map((row) => {
      const place = row.sameAddress ? person : row;
      return {
        gender: row.gender,
        firstName: row.firstName,
        lastName: row.lastName,
        birthdate: row.birthdate,
        address: place.address,
        postalCode: place.postalCode,
        city: place.city,
        country: place.country,
      };
    }),
  };
}

/** Every field path of the form for `familyCount` family rows: where the API's field messages may land. */
export function createMemberFieldPaths(familyCount: number): string[] {
  return [
    ...PERSON_FIELDS.map((field) => `person.${field}`),
    'role',
    'establishmentId',
    'isHolder',
    'sendInvitation',
    ...Array.from({ length: familyCount }, (_, index) =>
      FAMILY_FIELDS.map((field) => `familyMembers.${index}.${field}`),
    ).flat(),
  ];
}
