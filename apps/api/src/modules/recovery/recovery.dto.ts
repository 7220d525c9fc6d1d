import type { RecoveryTokenDto } from '@inscrio/shared';
import type { RecoveryTokenView } from './recovery.repository';

/** What leaves the API of a token: no internal ids beyond what the screens link to. */
export function toRecoveryTokenDto(view: RecoveryTokenView): RecoveryTokenDto {
  return {
    id: view.id,
    status: view.status,
    origin: view.origin,
    memberId: view.memberId,
    memberFirstName: view.memberFirstName,
    memberLastName: view.memberLastName,
    familyId: view.familyId,
    valueCents: view.valueCents,
    originSession:
      view.originServiceId && view.originActivityName && view.originStart
        ? {
            serviceId: view.originServiceId,
            activityName: view.originActivityName,
            startDateTime: view.originStart.toISOString(),
          }
        : null,
    blueprintId: view.originBlueprintId,
    createdAt: view.createdAt.toISOString(),
    expiresAt: view.expiresAt.toISOString(),
    usedAt: view.usedAt?.toISOString() ?? null,
    usedSession:
      view.usedServiceId && view.usedActivityName && view.usedStart
        ? {
            serviceId: view.usedServiceId,
            activityName: view.usedActivityName,
            startDateTime: view.usedStart.toISOString(),
          }
        : null,
    note: view.note,
    cancelReason: view.cancelReason,
  };
}
