import { PRESTATION_STATUSES, type PrestationStatus } from '@inscrio/shared';
import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

/** 'Assigné' or 'Absent'. */
export function PrestationStatusBadge({ status }: { status: PrestationStatus }) {
  const locale = useLocale();
  return (
    <Badge variant={status === 'absent' ? 'warning' : 'info'} data-prestation-status={status}>
      {PRESTATION_STATUSES.label(status, locale)}
    </Badge>
  );
}
