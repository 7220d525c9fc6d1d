import { REGISTRATION_STATUSES, type RegistrationStatus } from '@inscrio/shared';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

const VARIANTS: Record<RegistrationStatus, BadgeVariant> = {
  pending: 'warning',
  completed: 'success',
  cancelled: 'destructive',
  'require-action': 'pink',
};

/** An order's status with the registration-like labels of spec section 4 ('En attente', 'Confirmée'…). */
export function OrderStatusBadge({ status, className }: { status: RegistrationStatus; className?: string }) {
  const locale = useLocale();
  return (
    <Badge variant={VARIANTS[status]} className={className} data-order-status={status}>
      {REGISTRATION_STATUSES.label(status, locale)}
    </Badge>
  );
}
