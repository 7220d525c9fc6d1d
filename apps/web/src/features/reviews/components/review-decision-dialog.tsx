import type { ReviewItem } from '@inscrio/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { notificationText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useReviewParticipant } from '../api/reviews';

export type Decision = 'accept' | 'refuse';

/** The message to the family is at most this long (the shared `reviewDecisionSchema`). */
export const REVIEW_MESSAGE_MAX = 2000;

function DecisionForm({
  item,
  decision,
  onDone,
}: {
  item: ReviewItem;
  decision: Decision;
  onDone: () => void;
}) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const review = useReviewParticipant();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = `${item.member.firstName} ${item.member.lastName}`.trim();

  const confirm = async () => {
    setError(null);
    try {
      const message = text.trim();
      const result = await review.mutateAsync({
        id: item.id,
        input: message ? { decision, message } : { decision },
      });
      notify.success(t(`decision.${decision}.done`, { name }));
      // Sessions accepted without a free seat stay waiting: say which.
      const waiting = (result.outcomes ?? []).filter(
        (o) => o.outcome === 'waiting-list' || o.outcome === 'full',
      );
      if (waiting.length > 0) {
        const dates = waiting.map((o) => formatDateTime(o.startDateTime, timeZone, locale)).join(', ');
        notify.info(t('decision.notSeated', { dates }));
      }
      onDone();
    } catch (cause) {
      setError(notificationText(cause, locale));
    }
  };

  return (
    <>
      <div className="space-y-4">
        {item.sessions.length > 1 ? (
          <p className="text-sm text-slate-600" data-decision-scope="">
            {t('decision.allSessions')}
          </p>
        ) : null}
        <FormField id="review-message" label={t('decision.message')} hint={t(`decision.${decision}.hint`)}>
          <Textarea
            id="review-message"
            rows={4}
            maxLength={REVIEW_MESSAGE_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t(`decision.${decision}.placeholder`)}
          />
        </FormField>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('decision.back')}
        </Button>
        <Button
          variant={decision === 'accept' ? 'primary' : 'danger'}
          loading={review.isPending}
          onClick={() => void confirm()}
        >
          {t(`decision.${decision}.confirm`)}
        </Button>
      </div>
    </>
  );
}

/** Accept or refuse a request, with an optional message the family receives by e-mail. */
export function ReviewDecisionDialog({
  target,
  onOpenChange,
}: {
  target: { item: ReviewItem; decision: Decision } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('reviews');
  return (
    <Dialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={target ? t(`decision.${target.decision}.title`) : ''}
      description={
        target
          ? t(target.item.sessions.length > 1 ? 'decision.groupDescription' : 'decision.description', {
              name: `${target.item.member.firstName} ${target.item.member.lastName}`.trim(),
              activity: target.item.service.blueprintName,
              count: target.item.sessions.length,
            })
          : undefined
      }
    >
      {target ? (
        <DecisionForm item={target.item} decision={target.decision} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}
