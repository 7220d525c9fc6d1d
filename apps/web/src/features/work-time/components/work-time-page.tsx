import {
  entityIdField,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  monthField,
  WORK_MONTH_STATUSES,
} from '@inscrio/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AccessDenied } from '@/components/feedback/access-denied';
import { useUrlFilters } from '@/components/lists/use-url-filters';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { useAuth } from '@/lib/auth-store';
import { HolderWorkTime } from './holder-work-time';
import { ManagerHolderMonth } from './manager-holder-month';
import { ManagerOverview } from './manager-overview';
import { SettingsDialog } from './settings-dialog';
import { currentMonthIn, useWorkTexts } from './texts';

/** What the address holds: the month, a holder's detail for managers, the overview's search, status and page. */
const urlSchema = z.object({
  month: monthField('fr').optional(),
  holderId: entityIdField('fr').optional(),
  q: z.string().max(100).optional(),
  status: z.enum(WORK_MONTH_STATUSES.values).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
const urlOptions = { filters: ['q', 'status'] as const };

/**
 * `/work-time` (« Heures prestées »): a holder's own hours month by month; for managers, every holder's
 * month (`?month=`) and a holder's detail (`?holderId=`).
 */
export function WorkTimePage() {
  const { t } = useTranslation('work-time');
  const { user, organization } = useAuth();
  const texts = useWorkTexts();
  const { values, set, filtered, clear } = useUrlFilters(urlSchema, urlOptions);
  const month = values.month ?? currentMonthIn(texts.timeZone);
  const manager = isAtLeastEstManager(user);
  const holder = user?.isHolder === true && user.role === 'user';
  if (!manager && !holder) return <AccessDenied title={t('title')} reason={t('forbidden')} />;
  return (
    <PageContainer className={manager ? 'max-w-7xl' : 'max-w-4xl'}>
      <PageHeader
        title={t('title')}
        description={manager ? t('managerDescription') : t('holderDescription')}
        actions={
          manager && isAtLeastOrgManager(user) && organization ? (
            <SettingsDialog organizationId={organization.id} />
          ) : undefined
        }
      />
      {!manager ? (
        <HolderWorkTime month={month} onMonthChange={(next) => set({ month: next })} />
      ) : values.holderId ? (
        <ManagerHolderMonth
          month={month}
          holderId={values.holderId}
          onMonthChange={(next) => set({ month: next })}
        />
      ) : (
        <ManagerOverview
          state={{ month, q: values.q, status: values.status, page: values.page }}
          set={(changes) => set(changes)}
          filtered={filtered}
          clear={clear}
        />
      )}
    </PageContainer>
  );
}
