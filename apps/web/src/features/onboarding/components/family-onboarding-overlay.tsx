import { isParticipant, message } from '@inscrio/shared';
import { ArrowRight, CalendarCheck, LayoutGrid, UserPlus, UsersRound } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { hasErrorCode } from '@/lib/api-error';
import type { User } from '@/lib/api-types';
import { useAuth } from '@/lib/auth-store';
import {
  dismissFamilyPrompt,
  hasDoneFamilyOnboarding,
  useFamilyMembersQuery,
  useFamilyPromptDismissed,
} from '@/lib/family-members';
import { notify, notifyError } from '@/lib/notify';
import { useAddressOrganization } from '@/lib/organization-context';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useAddOnboardingAchievement } from '../api/add-onboarding-achievement';

/** The `onboarding-action` of `/delegations` that opens its add form. */
const ADD_FAMILY_MEMBERS = 'add-family-members';

/**
 * Whether the family prompt shows (spec section 4 'Onboarding'): to a family, a plain member (role user;
 * not a holder, who is staff of the club and elevated, nor a system administrator) until `added-family-members` or `skipped-added-family-members` is recorded, unless dismissed for
 * this visit, never on `/delegations` itself. A family that already has members (added by a manager, or
 * joined as a representative) is not asked to add some.
 */
export function shouldShowFamilyPrompt(state: {
  user: User | null;
  pathname: string;
  dismissed: boolean;
  familySize: number | undefined;
}): boolean {
  return (
    isParticipant(state.user) &&
    !hasDoneFamilyOnboarding(state.user) &&
    !state.dismissed &&
    state.pathname !== paths.delegations.pattern &&
    state.familySize === 0
  );
}

/**
 * The onboarding overlay over every page of the main layout: a card anchored at the bottom of the
 * screen, above the page but not blocking it (the page stays usable and readable behind it), inviting a
 * new family to add its members. Three ways out: add them (`/delegations?onboarding-action=…`), skip the
 * step for good (recorded), or 'Plus tard' for this visit.
 */
export function FamilyOnboardingOverlay() {
  const { t } = useTranslation('onboarding');
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const organization = useAddressOrganization();
  const dismissed = useFamilyPromptDismissed(user?.id);
  const dismiss = () => {
    if (user) dismissFamilyPrompt(user.id);
  };
  const family = useFamilyMembersQuery();
  const skip = useAddOnboardingAchievement();
  const titleId = useId();

  const concerned =
    isParticipant(user) &&
    !hasDoneFamilyOnboarding(user) &&
    !dismissed &&
    pathname !== paths.delegations.pattern;

  // The state could not be read: say so once per failure (spec section 8), and stay out of the way.
  const reported = useRef(0);
  useEffect(() => {
    if (concerned && family.isError && reported.current !== family.errorUpdatedAt) {
      reported.current = family.errorUpdatedAt;
      notify.error(message('onboardingStateUnavailable', locale));
    }
  }, [concerned, family.isError, family.errorUpdatedAt, locale]);

  const visible = shouldShowFamilyPrompt({
    user,
    pathname,
    dismissed,
    familySize: family.isSuccess ? family.data.total : undefined,
  });

  // The card is not modal: the page keeps scrolling under it, with room at its end so that nothing
  // (the last button of a form, on a phone) stays hidden behind the card.
  const card = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = card.current;
    if (!visible || !element) return;
    const reserve = () => document.body.style.setProperty('padding-bottom', `${element.offsetHeight + 32}px`);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      document.body.style.removeProperty('padding-bottom');
    };
  }, [visible]);

  if (!visible) return null;

  const onSkip = async () => {
    try {
      await skip.mutateAsync('skipped-added-family-members');
      notify.info(t('family.skipped'));
    } catch (error) {
      // An unknown step (refused as invalid) or a missing one reads the specification's message.
      if (hasErrorCode(error, 'validation_failed', 'not_found')) {
        notify.error(message('onboardingStepNotFound', locale));
      } else {
        notifyError(error);
      }
    }
  };

  const steps = [
    { key: 'add', icon: UserPlus },
    { key: 'choose', icon: LayoutGrid },
    { key: 'register', icon: CalendarCheck },
  ] as const;

  return (
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape closes the dialog from any of its controls (the WAI-ARIA dialog pattern)
    <section
      ref={card}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
      className="fixed inset-x-3 bottom-3 z-30 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-2xl bg-white shadow-2xl ring-1 shadow-slate-950/25 ring-slate-900/10 animate-fade-in sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[27rem]"
      data-onboarding-overlay="family"
    >
      <div className="relative overflow-hidden rounded-t-2xl bg-brand-800 px-5 pt-5 pb-4 text-white">
        <div className="absolute -top-12 -right-8 size-36 rounded-full bg-white/10" aria-hidden="true" />
        <div className="relative flex items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white/15">
            <UsersRound className="size-6" aria-hidden="true" />
          </span>
          <div className="min-w-0 space-y-0.5">
            <p className="text-xs font-medium tracking-wide text-brand-100 uppercase">
              {organization ? t('family.eyebrow', { organization: organization.name }) : t('family.label')}
            </p>
            <h2 id={titleId} className="text-lg leading-snug font-semibold">
              {t('family.title')}
            </h2>
          </div>
        </div>
      </div>
      <div className="space-y-4 px-5 pt-4 pb-5">
        <p className="text-sm text-slate-700">{t('family.text')}</p>
        <ol className="hidden space-y-2 sm:block">
          {steps.map(({ key, icon: Icon }, index) => (
            <li key={key} className="flex items-center gap-3 text-sm text-slate-700">
              <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-3.5" aria-hidden="true" />
              </span>
              <span>
                <span className="sr-only">{index + 1}. </span>
                {t(`family.steps.${key}`)}
              </span>
            </li>
          ))}
        </ol>
        <div className="space-y-2">
          <Button
            className="w-full"
            onClick={() => navigate(paths.delegations.to({ 'onboarding-action': ADD_FAMILY_MEMBERS }))}
          >
            <UserPlus aria-hidden="true" />
            {t('family.add')}
            <ArrowRight aria-hidden="true" />
          </Button>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2">
            <Button variant="secondary" loading={skip.isPending} onClick={() => void onSkip()}>
              {t('family.skip')}
            </Button>
            <Button variant="ghost" onClick={dismiss}>
              {t('family.later')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
