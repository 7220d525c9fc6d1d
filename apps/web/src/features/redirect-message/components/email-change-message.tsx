import { ArrowRight, LoaderCircle, MailCheck, MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { statusText } from '@/lib/api-error';
import { hasSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { MessageCard } from './message-card';

/**
 * `type=email-change&token=…`: the link mailed to a new address. Confirms it (`POST /me/email/confirm`),
 * then says whether the address changed; an invalid, used or expired link says so (the API's message).
 */
export function EmailChangeMessage({ token }: { token: string | null }) {
  const { t } = useTranslation('redirect-message');
  const locale = useLocale();
  const confirm = useConfirmEmailChange(token);
  const signedIn = hasSession();

  const onward = (
    <Button asChild size="lg">
      <Link to={signedIn ? paths.profile.to() : paths.login.to({ email: confirm.data?.email })}>
        {signedIn ? t('emailChange.toProfile') : t('continueToLogin')}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );

  if (token && confirm.isPending) {
    return (
      <MessageCard
        type="email-change"
        tone="bg-brand-50 text-brand-700"
        icon={<LoaderCircle className="size-7 animate-spin" aria-hidden="true" />}
        title={t('emailChange.pendingTitle')}
      >
        <p role="status">{t('emailChange.pending')}</p>
      </MessageCard>
    );
  }

  if (confirm.isSuccess) {
    return (
      <MessageCard
        type="email-change"
        tone="bg-emerald-50 text-emerald-600"
        icon={<MailCheck className="size-7" aria-hidden="true" />}
        title={t('emailChange.successTitle')}
        actions={onward}
      >
        <p data-email-changed="">{t('emailChange.success', { email: confirm.data.email })}</p>
      </MessageCard>
    );
  }

  return (
    <MessageCard
      type="email-change"
      tone="bg-red-50 text-red-600"
      icon={<MailX className="size-7" aria-hidden="true" />}
      title={t('emailChange.failureTitle')}
      actions={onward}
    >
      <p role="alert">{token ? statusText(confirm.error, locale) : t('emailChange.noToken')}</p>
    </MessageCard>
  );
}
