import { canManageUsers } from '@inscrio/shared';
import { Building2, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { BackLink } from '@/components/ui/back-link';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useMember } from '../api/get-member';
import type { MemberDetail } from '../api/types';
import { useTimeZone } from '@/lib/use-time-zone';
import { AccountCard } from './account-card';
import { FamilyActivityTabs } from './family-activity-tabs';
import { FamilyCard, RepresentativesCard } from './family-cards';
import { Detail, PersonCard } from './person-card';
import { SignInAsDialog } from './sign-in-as-dialog';

/** Where the back link leads: the list the manager came from (filters kept), else this page's list. */
function useBackLink(): { to: string; label: string } {
  const { t } = useTranslation('members');
  const location = useLocation();
  const backTo = (location.state as { backTo?: unknown } | null)?.backTo;
  const holders = location.pathname.startsWith(paths.holders.to());
  if (typeof backTo === 'string' && backTo.startsWith('/members/')) {
    const kind = backTo.startsWith(paths.holders.to())
      ? 'holders'
      : backTo.startsWith(paths.participants.to())
        ? 'participants'
        : 'all';
    return { to: backTo, label: t(`list.titles.${kind}`) };
  }
  return holders
    ? { to: paths.holders.to(), label: t('list.titles.holders') }
    : { to: paths.participants.to(), label: t('list.titles.participants') };
}

function ActivityCard({ member }: { member: MemberDetail }) {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('activity.title')}</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-slate-100">
          <Detail compact term={t('activity.lastLogin')}>
            {member.lastLoginAt ? formatDateTime(member.lastLoginAt, timeZone, locale) : t('list.never')}
          </Detail>
          <Detail compact term={t('activity.createdAt')}>
            {formatDateTime(member.createdAt, timeZone, locale)}
          </Detail>
          <Detail compact term={t('activity.language')}>
            {member.locale === 'en' ? t('activity.languages.en') : t('activity.languages.fr')}
          </Detail>
        </dl>
      </CardContent>
    </Card>
  );
}

function MemberPageSkeleton() {
  const { t } = useTranslation('members');
  return (
    <div className="space-y-6" role="status" aria-label={t('page.loading')}>
      <div className="space-y-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-48" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * `/members/participants/{id}` and `/members/holders/{id}` (the id is the user id): the member's person,
 * family and representatives, their role, establishment and holder flag within what the manager may
 * grant, the tabs of their registrations, orders and documents, and signing in as them.
 */
export function MemberPage() {
  const { t } = useTranslation('members');
  const { id = '' } = useParams();
  const { user } = useAuth();
  const back = useBackLink();
  // Signing in as the member switches the session while this page is still shown: it must not ask for
  // the member's page with the member's own (forbidden) session.
  const allowed = canManageUsers(user);
  const query = useMember(id, allowed);
  const member = query.data;
  // Only a basic user's session may be opened by a manager (the API refuses the others), never one's own.
  const canSignInAs =
    member !== undefined && member.role === 'user' && !member.isSystemAdmin && member.userId !== user?.id;

  return (
    <PageContainer>
      <BackLink to={back.to}>{back.label}</BackLink>
      {!allowed ? (
        <ErrorState error={new ApiError(403)} />
      ) : query.isPending ? (
        <MemberPageSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : member ? (
        <>
          <PageHeader
            title={member.displayName}
            description={
              <span className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span className="inline-flex items-center gap-1.5">
                  <UserRound className="size-4 text-slate-400" aria-hidden="true" />
                  {member.roleLabel}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Building2 className="size-4 text-slate-400" aria-hidden="true" />
                  {member.establishment.name}
                </span>
                {member.isHolder ? <Badge variant="info">{t('list.holderBadge')}</Badge> : null}
              </span>
            }
            actions={canSignInAs ? <SignInAsDialog member={member} /> : null}
          />
          {!member.hasPassword ? (
            <Alert tone="info" title={t('page.invitedTitle')}>
              {t('page.invitedText')}
            </Alert>
          ) : null}
          {/* Two columns on wide screens; on phones one, the account right after the person. */}
          <div className="grid items-start gap-6 lg:grid-cols-3">
            <div className="contents lg:col-span-2 lg:block lg:min-w-0 lg:space-y-6">
              <div className="order-1 min-w-0">
                <PersonCard member={member} />
              </div>
              <div className="order-3 min-w-0">
                <FamilyCard member={member} />
              </div>
              <div className="order-4 min-w-0">
                <RepresentativesCard member={member} />
              </div>
              <div className="order-5 min-w-0">
                <FamilyActivityTabs member={member} />
              </div>
            </div>
            <div className="contents lg:block lg:min-w-0 lg:space-y-6">
              <div className="order-2 min-w-0">
                <AccountCard member={member} />
              </div>
              <div className="order-6 min-w-0">
                <ActivityCard member={member} />
              </div>
            </div>
          </div>
        </>
      ) : null}
    </PageContainer>
  );
}
