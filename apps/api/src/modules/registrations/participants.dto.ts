import type { ParticipantDto, ParticipantStatus, ReviewReason, SessionStatus } from '@inscrio/shared';
import type { ParticipantView } from './participants.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The session as a participant answer shows it. */
export const toSessionRef = (s: {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  startDateTime: Date;
  duration: number;
  status: string;
}) => ({
  id: s.id,
  blueprintId: s.blueprintId,
  blueprintName: s.blueprintName,
  colorCode: s.colorCode,
  startDateTime: s.startDateTime.toISOString(),
  duration: s.duration,
  status: s.status as SessionStatus,
});

export function toParticipantDto(view: ParticipantView, canCancel: boolean): ParticipantDto {
  const p = view.participant;
  return {
    id: p.id,
    status: p.status as ParticipantStatus,
    member: { id: view.member.id, firstName: view.member.firstName, lastName: view.member.lastName },
    familyId: p.familyId,
    service: toSessionRef(view.service),
    cartLinked: p.cartLinked,
    holdExpiresAt: iso(p.holdExpiresAt),
    invitationExpiresAt: iso(p.invitationExpiresAt),
    reviewReason: (p.reviewReason as ReviewReason | null) ?? null,
    reviewNote: p.reviewNote,
    reviewAnswer: p.reviewAnswer,
    orderId: p.orderId,
    createdAt: p.createdAt.toISOString(),
    canCancel,
  };
}
