import { ArrowRight, CircleCheck, CircleX, Info, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { hasSession } from '@/lib/auth-store';
import { cn } from '@/lib/cn';
import { paths, QUERY } from '@/lib/paths';
import { EmailChangeMessage } from './email-change-message';
import { RepresentativeInvitationMessage } from './representative-invitation-message';

/** The messages `/redirect-message?type=…` knows; e-mails and payment providers link to them. */
export const REDIRECT_MESSAGE_TYPES = [
  'email-confirmed',
  'payment-received',
  'payment-cancelled',
  'payment-failed',
  'invitation-accepted',
  'invitation-declined',
  'password-changed',
] as const;

type RedirectMessageType = (typeof REDIRECT_MESSAGE_TYPES)[number] | 'unknown';

const TONE: Record<RedirectMessageType, { icon: ReactNode; className: string }> = {
  'email-confirmed': {
    icon: <MailCheck className="size-7" aria-hidden="true" />,
    className: 'bg-emerald-50 text-emerald-600',
  },
  'payment-received': {
    icon: <CircleCheck className="size-7" aria-hidden="true" />,
    className: 'bg-emerald-50 text-emerald-600',
  },
  'payment-cancelled': {
    icon: <CircleX className="size-7" aria-hidden="true" />,
    className: 'bg-amber-50 text-amber-600',
  },
  'payment-failed': {
    icon: <CircleX className="size-7" aria-hidden="true" />,
    className: 'bg-red-50 text-red-600',
  },
  'invitation-accepted': {
    icon: <CircleCheck className="size-7" aria-hidden="true" />,
    className: 'bg-emerald-50 text-emerald-600',
  },
  'invitation-declined': {
    icon: <Info className="size-7" aria-hidden="true" />,
    className: 'bg-slate-100 text-slate-600',
  },
  'password-changed': {
    icon: <CircleCheck className="size-7" aria-hidden="true" />,
    className: 'bg-emerald-50 text-emerald-600',
  },
  unknown: { icon: <Info className="size-7" aria-hidden="true" />, className: 'bg-brand-50 text-brand-700' },
};

function messageType(value: string | null): RedirectMessageType {
  return (REDIRECT_MESSAGE_TYPES as readonly string[]).includes(value ?? '')
    ? (value as RedirectMessageType)
    : 'unknown';
}

/** `/redirect-message`: a short message chosen by `type`, with a link onward. No guard (spec section 2). */
export function RedirectMessagePage() {
  const [searchParams] = useSearchParams();
  const rawType = searchParams.get(QUERY.type);
  // Links that act on a token before saying anything.
  if (rawType === 'email-change') return <EmailChangeMessage token={searchParams.get(QUERY.token)} />;
  if (rawType === 'representative-invitation') {
    return <RepresentativeInvitationMessage token={searchParams.get(QUERY.token)} />;
  }
  return <StaticMessage type={messageType(rawType)} />;
}

/** A message that only informs: its title and text, and a link onward. */
function StaticMessage({ type }: { type: RedirectMessageType }) {
  const { t } = useTranslation('redirect-message');
  const signedIn = hasSession();
  const onward = type === 'password-changed' || !signedIn ? paths.login.to() : paths.home.to();
  const tone = TONE[type];

  return (
    <div className="w-full max-w-md">
      <div
        className="rounded-2xl border border-slate-200/80 bg-white px-6 py-10 text-center shadow-xl shadow-slate-900/[0.04] sm:px-10"
        data-redirect-message={type}
      >
        <span className={cn('mx-auto grid size-14 place-items-center rounded-2xl', tone.className)}>
          {tone.icon}
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{t(`types.${type}.title`)}</h1>
        <p className="mt-2 text-[15px] text-slate-600">{t(`types.${type}.text`)}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to={onward}>
            {signedIn && type !== 'password-changed' ? t('continueToSpace') : t('continueToLogin')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
