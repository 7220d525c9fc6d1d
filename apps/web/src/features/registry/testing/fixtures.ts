import type { ParticipantDto } from '@inscrio/shared';

/* Answers of the registry endpoints for the component tests. */

export const page = <T>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });

export function participant(overrides: Partial<ParticipantDto> = {}): ParticipantDto {
  return {
    id: 'reg_1',
    status: 'confirmed',
    member: { id: 'mbr_lea', firstName: 'Léa', lastName: 'Peeters' },
    familyId: 'fam_1',
    service: {
      id: 'svc_1',
      blueprintId: 'bp_judo',
      blueprintName: 'Judo',
      colorCode: '#2563EB',
      startDateTime: '2026-12-02T16:00:00.000Z',
      duration: 60,
      status: 'confirmed',
    },
    cartLinked: false,
    holdExpiresAt: null,
    invitationExpiresAt: null,
    reviewReason: null,
    reviewNote: null,
    reviewAnswer: null,
    orderId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    canCancel: true,
    ...overrides,
  };
}

export const session = (id: string, start: string, freeSeats = 5) => ({
  id,
  blueprintId: 'bp_judo',
  blueprintName: 'Judo',
  colorCode: '#2563EB',
  periodId: 'per_1',
  startDateTime: start,
  duration: 60,
  status: 'confirmed' as const,
  seats: { maxSeats: 10, reservedSeats: 10 - freeSeats, freeSeats, fillingRate: (10 - freeSeats) * 10 },
});
