import { PARTICIPANT_STATUSES, type ParticipantStatus, participantBadgeVariant } from '@inscrio/shared';
import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

/** A participant's status with the badge styles of spec section 4. */
export function ParticipantStatusBadge({ status }: { status: ParticipantStatus }) {
  const locale = useLocale();
  return (
    <Badge variant={participantBadgeVariant(status)} data-participant-status={status}>
      {PARTICIPANT_STATUSES.label(status, locale)}
    </Badge>
  );
}
