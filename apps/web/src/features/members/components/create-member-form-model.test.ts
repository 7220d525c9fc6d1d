import { describe, expect, it } from 'vitest';
import {
  createMemberFieldPaths,
  createMemberFormSchema,
  emptyCreateMember,
  emptyFamilyRow,
  toCreateMemberPayload,
} from './create-member-form-model';

const filled = () => ({
  ...emptyCreateMember('est_default'),
  person: {
    gender: 'M',
    firstName: 'Luc',
    lastName: 'Simon',
    birthdate: '1980-01-31',
    address: 'Grand-Rue 5',
    postalCode: 'L-1660',
    city: 'Luxembourg',
    country: 'LUX',
    phoneNumber: '+352 621 123 456',
    email: 'luc@demo.test',
  },
});

describe('the member creation form', () => {
  it('copies the address to family members living with the member, keeps the others', () => {
    const values = {
      ...filled(),
      role: 'org-manager' as const,
      isHolder: true,
      familyMembers: [
        { ...emptyFamilyRow('Simon'), firstName: 'Emma', gender: 'F', birthdate: '2015-06-01' },
        {
          ...emptyFamilyRow('Simon'),
          firstName: 'Noah',
          gender: 'M',
          birthdate: '2012-02-02',
          sameAddress: false,
          address: 'Rue de Metz 1',
          postalCode: '57000',
          city: 'Metz',
          country: 'FRA',
        },
      ],
    };
    const payload = toCreateMemberPayload(values);
    // Only a basic user can be a holder.
    expect(payload.isHolder).toBe(false);
    expect(payload.familyMembers[0]).toMatchObject({
      address: 'Grand-Rue 5',
      postalCode: 'L-1660',
      country: 'LUX',
    });
    expect(payload.familyMembers[1]).toMatchObject({
      address: 'Rue de Metz 1',
      city: 'Metz',
      country: 'FRA',
    });
    expect(payload.familyMembers[1]).not.toHaveProperty('sameAddress');
    expect(createMemberFormSchema('fr').safeParse(payload).success).toBe(true);
  });

  it("checks the member's phone number and postal code against the chosen country", () => {
    const values = filled();
    values.person.postalCode = '75001';
    values.person.phoneNumber = '+352 12';
    const result = createMemberFormSchema('fr').safeParse(toCreateMemberPayload(values));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages['person.postalCode']).toBe('Code postal invalide pour le pays choisi');
    expect(messages['person.phoneNumber']).toBe('Numéro de téléphone invalide pour le pays choisi');
  });

  it('lists every field a message may land on', () => {
    expect(createMemberFieldPaths(1)).toContain('person.email');
    expect(createMemberFieldPaths(1)).toContain('familyMembers.0.birthdate');
    expect(createMemberFieldPaths(1)).not.toContain('familyMembers.1.birthdate');
  });
});
