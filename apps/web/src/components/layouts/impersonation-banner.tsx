import { displayName } from '@inscrio/shared';
import { Undo2, UserRoundCog } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth-store';
import { useImpersonation } from '@/lib/impersonation';
import { notify } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { stopImpersonation } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';

/**
 * Shown on every signed-in page while a manager acts as a member: who they are signed in as, and the way
 * back to their own account (which signs the member's session out and returns to the member's page).
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('members');
  const locale = useLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  const { active, saved } = useImpersonation(user?.id);
  const [leaving, setLeaving] = useState(false);
  if (!active || !user) return null;

  const name = saved?.member.displayName ?? displayName(user, 'member', locale);

  const goBack = async () => {
    setLeaving(true);
    try {
      const returnTo = await stopImpersonation();
      if (returnTo) {
        navigate(returnTo, { replace: true });
      } else {
        // This tab kept no manager's session (the member's session was opened in another tab).
        notify.info(t('impersonation.signInAgain'));
        navigate(paths.login.to(), { replace: true });
      }
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div
      role="region"
      aria-label={t('impersonation.label')}
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
      data-impersonation-banner=""
    >
      <div className="flex flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <UserRoundCog className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            {t('impersonation.text')} <strong className="font-semibold">{name}</strong>
          </span>
        </p>
        <Button
          size="sm"
          variant="secondary"
          className="self-start border-amber-400 bg-white sm:self-auto"
          onClick={() => void goBack()}
          loading={leaving}
        >
          {leaving ? null : <Undo2 aria-hidden="true" />}
          {t('impersonation.back')}
        </Button>
      </div>
    </div>
  );
}
