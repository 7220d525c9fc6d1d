import { ArrowRight, Check, LoaderCircle, LogIn, UsersRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { hasErrorCode, statusText } from '@/lib/api-error';
import { useAuth } from '@/lib/auth-store';
import { DEFAULT_TIME_ZONE, formatDate } from '@/lib/dates';
import { useAddressOrganization } from '@/lib/organization-context';
import { fullPath, paths } from '@/lib/paths';
import { signOut } from '@/lib/session';
import { useLocale } from '@/lib/use-locale';
import { useAnswerInvitation, useInvitation } from '../api/representative-invitation';
import { MessageCard } from './message-card';

const TYPE = 'representative-invitation';

/**
 * `type=representative-invitation&token=…`: an adult invited to share a family. Shows who invites, for
 * which family, then accept (signed in with the invited address: the account joins that family; signed
 * out: sign in or sign up with that address first and come back here) or decline. Signed in with another
 * address: says the invitation is not for this account and offers to sign in with the invited one.
 */
export function RepresentativeInvitationMessage({ token }: { token: string | null }) {
  const { t } = useTranslation('redirect-message');
  const locale = useLocale();
  const { user, tokens } = useAuth();
  const signedIn = user !== null && tokens !== null;
  const organization = useAddressOrganization();
  const timeZone = organization?.timeZone ?? DEFAULT_TIME_ZONE;
  const invitation = useInvitation(token);
  const answer = useAnswerInvitation(token ?? '');
  const here = fullPath(useLocation());
  const navigate = useNavigate();

  if (token && invitation.isPending) {
    return (
      <MessageCard
        type={TYPE}
        tone="bg-brand-50 text-brand-700"
        icon={<LoaderCircle className="size-7 animate-spin" aria-hidden="true" />}
        title={t('invitation.loading')}
      />
    );
  }

  if (!token || invitation.isError) {
    return (
      <MessageCard
        type={TYPE}
        tone="bg-red-50 text-red-600"
        icon={<X className="size-7" aria-hidden="true" />}
        title={t('invitation.notFoundTitle')}
        actions={
          <Button asChild size="lg">
            <Link to={signedIn ? paths.home.to() : paths.login.to()}>
              {signedIn ? t('continueToSpace') : t('continueToLogin')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      >
        <p>
          {invitation.isError && !hasErrorCode(invitation.error, 'not_found')
            ? statusText(invitation.error, locale)
            : t('invitation.notFound')}
        </p>
      </MessageCard>
    );
  }

  const data = invitation.data!;

  if (answer.isSuccess) {
    const accepted = answer.variables === 'accept';
    return (
      <MessageCard
        type={TYPE}
        tone={accepted ? 'bg-emerald-50 text-emerald-600' : 'bg-slate-100 text-slate-600'}
        icon={
          accepted ? (
            <Check className="size-7" aria-hidden="true" />
          ) : (
            <X className="size-7" aria-hidden="true" />
          )
        }
        title={accepted ? t('invitation.acceptedTitle') : t('invitation.declinedTitle')}
        actions={
          <Button asChild size="lg">
            <Link to={accepted ? paths.delegations.to() : signedIn ? paths.home.to() : paths.login.to()}>
              {accepted ? t('invitation.toFamily') : signedIn ? t('continueToSpace') : t('continueToLogin')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      >
        <p data-invitation-answer={accepted ? 'accepted' : 'declined'}>
          {accepted
            ? t('invitation.accepted', { inviter: data.inviterName })
            : t('invitation.declined', { inviter: data.inviterName })}
        </p>
      </MessageCard>
    );
  }

  const members = data.memberFirstNames.join(', ');
  const intro = (
    <>
      <p>{t('invitation.text', { inviter: data.inviterName, organization: data.organizationName })}</p>
      {members ? <p className="font-medium text-slate-800">{t('invitation.members', { members })}</p> : null}
    </>
  );

  if (data.status !== 'pending') {
    return (
      <MessageCard
        type={TYPE}
        tone="bg-slate-100 text-slate-600"
        icon={<UsersRound className="size-7" aria-hidden="true" />}
        title={t('invitation.title')}
        actions={
          <Button asChild size="lg">
            <Link to={signedIn ? paths.home.to() : paths.login.to()}>
              {signedIn ? t('continueToSpace') : t('continueToLogin')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        }
      >
        {intro}
        <Alert tone="warning" className="text-left">
          {t(`invitation.status.${data.status}`)}
        </Alert>
      </MessageCard>
    );
  }

  const onAnswer = (choice: 'accept' | 'decline') => {
    answer.mutate(choice, { onError: () => undefined });
  };
  // Only the invited address may accept (the API refuses any other account): say so before a click.
  const otherAddress =
    signedIn && user !== null && user.email.trim().toLowerCase() !== data.email.trim().toLowerCase();
  const toInvitedLogin = paths.login.to({ redirect: here, email: data.email });
  const switchAccount = async () => {
    await signOut();
    void navigate(toInvitedLogin);
  };

  return (
    <MessageCard
      type={TYPE}
      tone="bg-brand-50 text-brand-700"
      icon={<UsersRound className="size-7" aria-hidden="true" />}
      title={t('invitation.title')}
      actions={
        <>
          {otherAddress ? (
            <Button size="lg" className="w-full" onClick={() => void switchAccount()}>
              <LogIn aria-hidden="true" />
              {t('invitation.switchAccount', { email: data.email })}
            </Button>
          ) : signedIn ? (
            <Button
              size="lg"
              className="w-full"
              loading={answer.isPending && answer.variables === 'accept'}
              onClick={() => onAnswer('accept')}
            >
              <Check aria-hidden="true" />
              {t('invitation.accept')}
            </Button>
          ) : (
            <Button asChild size="lg" className="w-full">
              <Link to={toInvitedLogin}>
                <LogIn aria-hidden="true" />
                {t('invitation.signInToAccept')}
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            className="w-full"
            loading={answer.isPending && answer.variables === 'decline'}
            onClick={() => onAnswer('decline')}
          >
            {t('invitation.decline')}
          </Button>
        </>
      }
    >
      {intro}
      <p className="text-sm text-slate-500">
        {t('invitation.sentTo', {
          email: data.email,
          date: formatDate(data.expiresAt, timeZone, locale),
        })}
      </p>
      {otherAddress ? (
        <Alert tone="warning" className="text-left" data-invitation-other-address="">
          <p className="font-medium">{t('invitation.otherAddress')}</p>
          <p>{t('invitation.signedInAs', { email: user?.email })}</p>
        </Alert>
      ) : signedIn ? (
        <p className="text-sm text-slate-500">{t('invitation.joinNote')}</p>
      ) : (
        <p className="text-sm text-slate-500">
          {t('invitation.noAccount', { email: data.email })}{' '}
          <Link
            to={paths.register.to({ redirect: here, email: data.email })}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t('invitation.register')}
          </Link>
        </p>
      )}
      {answer.isError ? (
        <Alert tone="error" className="text-left" data-invitation-error="">
          {statusText(answer.error, locale)}
        </Alert>
      ) : null}
    </MessageCard>
  );
}
