import { INVOICE_STATUSES, type InvoiceStatus } from '@inscrio/shared';
import { useLocale } from '@/lib/use-locale';
import { Badge, type BadgeVariant } from './badge';

/* Overdue is the one that needs action (red); a cancelled invoice is settled by its credit notes (grey). */
const VARIANTS: Record<InvoiceStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'info',
  paid: 'success',
  overdue: 'destructive',
  cancelled: 'secondary',
};

/** An invoice's status with the labels of spec section 4 ('En attente de paiement', 'Payée'…). */
export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  const locale = useLocale();
  return (
    <Badge variant={VARIANTS[status]} className={className} data-invoice-status={status}>
      {INVOICE_STATUSES.label(status, locale)}
    </Badge>
  );
}
