import {
  LICENCE_PLANS,
  type LicencePlan,
  ORGANIZATION_STATES,
  type OrganizationState,
} from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useLocale } from '@/lib/use-locale';

const STATE_VARIANT = { active: 'success', maintenance: 'warning', archived: 'secondary' } as const;

/** Active, En maintenance, Archivée. */
export function StateBadge({ state }: { state: OrganizationState }) {
  const locale = useLocale();
  return (
    <Badge variant={STATE_VARIANT[state]} data-organization-state={state}>
      {ORGANIZATION_STATES.label(state, locale)}
    </Badge>
  );
}

/** The licence plan's name of spec section 4, or « Aucune licence ». */
export function PlanBadge({ plan }: { plan: LicencePlan | null }) {
  const { t } = useTranslation('platform-organizations');
  const locale = useLocale();
  return plan ? (
    <Badge variant="info">{LICENCE_PLANS.label(plan, locale)}</Badge>
  ) : (
    <Badge variant="outline">{t('plan.noLicence')}</Badge>
  );
}
