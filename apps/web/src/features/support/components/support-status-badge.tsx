import type { SupportThreadStatus } from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

const VARIANTS: Record<SupportThreadStatus, BadgeVariant> = {
  open: 'warning',
  answered: 'success',
  closed: 'secondary',
};

/** Ouvert, Répondu, Fermé. */
export function SupportStatusBadge({ status }: { status: SupportThreadStatus }) {
  const { t } = useTranslation('support');
  return (
    <Badge variant={VARIANTS[status]} data-support-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
