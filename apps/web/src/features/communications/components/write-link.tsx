import type { CommunicationTarget } from '@inscrio/shared';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/lib/paths';

/** « Écrire aux participants »: opens the message form for a session, a period or an activity. */
export function WriteToParticipantsLink({
  target,
  targetId,
}: {
  target: CommunicationTarget;
  targetId: string;
}) {
  const { t } = useTranslation('communications');
  const query = new URLSearchParams({ compose: target, targetId });
  return (
    <Link
      to={`${paths.communications.to()}?${query.toString()}`}
      className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      data-action="write-to-participants"
    >
      <Mail aria-hidden="true" />
      {t('writeToParticipants')}
    </Link>
  );
}
