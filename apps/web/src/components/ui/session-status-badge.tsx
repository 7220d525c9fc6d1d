import { SESSION_STATUSES, type SessionStatus } from '@inscrio/shared';
import { useLocale } from '@/lib/use-locale';
import { Badge, type BadgeVariant } from './badge';

const VARIANTS: Record<SessionStatus, BadgeVariant> = {
  confirmed: 'success',
  postponed: 'warning',
  cancelled: 'destructive',
};

/** A session's status: 'Confirmée', 'Reportée' or 'Annulée' (spec section 4). */
export function SessionStatusBadge({ status, className }: { status: SessionStatus; className?: string }) {
  const locale = useLocale();
  return (
    <Badge variant={VARIANTS[status]} className={className} data-status={status}>
      {SESSION_STATUSES.label(status, locale)}
    </Badge>
  );
}
