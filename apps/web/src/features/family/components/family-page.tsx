import { ageText, displayName, GENDERS } from '@inscrio/shared';
import { Cake, Pencil, Plus, UserMinus, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '@/components/feedback/error-state';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Member } from '@/lib/api-types';
import { useAuth } from '@/lib/auth-store';
import { formatDate } from '@/lib/dates';
import { isFamilyAccount, useFamilyMembersQuery } from '@/lib/family-members';
import { QUERY } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useToday } from '../hooks/use-today';
import { MemberFormDrawer } from './member-form-drawer';
import { RemoveMemberDialog } from './remove-member-dialog';
import { RepresentativesCard } from './representatives-card';

/** The `onboarding-action` that opens the add form (spec section 2: from the onboarding overlay). */
export const ADD_FAMILY_MEMBERS_ACTION = 'add-family-members';

function initials(member: Member): string {
  return (
    [member.firstName, member.lastName]
      .map((part) => part?.trim().charAt(0).toUpperCase() ?? '')
      .join('')
      .slice(0, 2) || '?'
  );
}

const AVATAR_TONES = [
  'bg-brand-50 text-brand-700',
  'bg-emerald-50 text-emerald-700',
  'bg-amber-50 text-amber-800',
  'bg-pink-50 text-pink-700',
  'bg-sky-50 text-sky-700',
];

function MemberCard({
  member,
  index,
  onEdit,
  onRemove,
}: {
  member: Member;
  index: number;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('family');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const today = useToday();
  const name = displayName(member, 'member', locale);
  const age = ageText(member.birthdate, today, locale);
  const gender = GENDERS.is(member.gender) ? member.gender : undefined;

  return (
    <Card className="flex h-full flex-col" data-family-member={name}>
      <div className="flex flex-1 items-start gap-4 p-5">
        <span
          className={`grid size-12 shrink-0 place-items-center rounded-full text-base font-semibold ${AVATAR_TONES[index % AVATAR_TONES.length]}`}
          aria-hidden="true"
        >
          {initials(member)}
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="truncate text-base font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-slate-700">
            {[age, gender ? GENDERS.label(gender, locale) : null].filter(Boolean).join(' · ')}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-slate-500">
            <Cake className="size-3.5 shrink-0" aria-hidden="true" />
            {member.birthdate
              ? t('members.bornOn', {
                  date: formatDate(member.birthdate, timeZone, locale),
                  context: gender === 'M' || gender === 'F' ? gender : undefined,
                })
              : t('members.noBirthdate')}
          </p>
        </div>
      </div>
      <div className="flex gap-2 border-t border-slate-100 px-4 py-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={t('members.editLabel', { name })}
          className="flex-1 sm:flex-none"
        >
          <Pencil aria-hidden="true" />
          {t('members.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={t('members.removeLabel', { name })}
          className="flex-1 text-red-700 hover:bg-red-50 sm:flex-none"
        >
          <UserMinus aria-hidden="true" />
          {t('members.remove')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * `/delegations` ('Ma famille'): the family's members (add and edit in a side drawer, remove with a
 * confirmation) and its representatives. `?onboarding-action=add-family-members` opens the add form.
 */
export function FamilyPage() {
  const { t } = useTranslation('family');
  const { user } = useAuth();
  const family = isFamilyAccount(user);
  const query = useFamilyMembersQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  // The member stays while the drawer slides out, so its title does not change on the way.
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  // Arriving from the onboarding prompt: open the add form once, and leave a plain address behind.
  const onboardingAction = searchParams.get(QUERY.onboardingAction);
  useEffect(() => {
    if (onboardingAction !== ADD_FAMILY_MEMBERS_ACTION) return;
    if (family) {
      setEditing(null);
      setEditorOpen(true);
    }
    setSearchParams(
      (params) => {
        params.delete(QUERY.onboardingAction);
        return params;
      },
      { replace: true },
    );
  }, [onboardingAction, family, setSearchParams]);

  const members = query.data?.items ?? [];
  const addButton = (
    <Button
      onClick={() => {
        setEditing(null);
        setEditorOpen(true);
      }}
    >
      <Plus aria-hidden="true" />
      {t('members.add')}
    </Button>
  );

  if (!family) {
    return (
      <PageContainer>
        <PageHeader title={t('title')} />
        <EmptyState
          icon={<UsersRound className="size-8" aria-hidden="true" />}
          title={t('notFamilyAccount.title')}
          text={t('notFamilyAccount.text')}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title={t('title')} description={t('description')} actions={addButton} />

      <section aria-labelledby="family-members-title" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <div>
            <h2 id="family-members-title" className="text-lg font-semibold text-slate-900">
              {t('members.title')}
            </h2>
            <p className="text-sm text-slate-600">{t('members.description')}</p>
          </div>
          {query.isSuccess && members.length > 0 ? (
            <p className="text-sm font-medium text-slate-500">
              {t('members.count', { count: query.data.total })}
            </p>
          ) : null}
        </div>

        {query.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label={t('members.loading')} />
          </div>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : members.length === 0 ? (
          <EmptyState
            icon={<UsersRound className="size-8" aria-hidden="true" />}
            title={t('members.empty')}
            text={t('members.emptyText')}
            action={addButton}
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-family-members="">
            {members.map((member, index) => (
              <li key={member.id}>
                <MemberCard
                  member={member}
                  index={index}
                  onEdit={() => {
                    setEditing(member);
                    setEditorOpen(true);
                  }}
                  onRemove={() => setRemoving(member)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <RepresentativesCard />

      <MemberFormDrawer open={editorOpen} onOpenChange={setEditorOpen} member={editing} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </PageContainer>
  );
}
