import { type AddToCartResult, displayName, PARTICIPANT_STATUSES, type Refusal } from '@inscrio/shared';
import { CircleCheck, CircleX, Hourglass, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { statusText } from '@/lib/api-error';
import { openCartDrawer } from '@/lib/cart';
import { useLocale } from '@/lib/use-locale';
import { requestRegistrationGroup } from '../../api/request-registration';
import { pairKey } from './register-form-model';
import { useSessionLabel } from './session-label';

/** What came back from « Ajouter au panier »: the lines added, and each refusal with what may be asked. */
export function Outcome({
  result,
  sessionLabelOf,
  nameOf,
  requested,
  onRequest,
}: {
  result: AddToCartResult;
  sessionLabelOf: (serviceId: string) => string;
  nameOf: (memberId: string) => string;
  requested: ReadonlySet<string>;
  onRequest: (refusal: Refusal) => void;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const label = useSessionLabel();
  return (
    <div className="space-y-3" data-register-outcome="" aria-live="polite">
      {result.added.length > 0 ? (
        <div className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
            <CircleCheck className="size-4" aria-hidden="true" />
            {t('register.added', { count: result.added.length })}
          </p>
          <ul className="space-y-1 text-sm text-emerald-900" data-added="">
            {result.added.map((item) => (
              <li key={item.participantId} data-added-line={item.participantId}>
                <span className="font-medium">{displayName(item.member, 'participant', locale)}</span> ·{' '}
                {label(item.service.startDateTime)}
              </li>
            ))}
          </ul>
          <Button size="sm" variant="secondary" onClick={openCartDrawer} data-open-cart="">
            <ShoppingCart aria-hidden="true" />
            {t('register.openCart')}
          </Button>
        </div>
      ) : null}
      {result.refused.length > 0 ? (
        <ul className="space-y-2" data-refused="">
          {result.refused.map((refusal) => {
            const key = pairKey(refusal.serviceId, refusal.memberId);
            const asked = requested.has(key);
            return (
              <li
                key={key}
                className="space-y-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm"
                data-refusal={refusal.reason}
                data-member={refusal.memberId}
                data-service={refusal.serviceId}
              >
                <p className="flex items-start gap-2 text-red-900">
                  <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    <span className="font-semibold">{nameOf(refusal.memberId)}</span> ·{' '}
                    {sessionLabelOf(refusal.serviceId)}
                    <span className="block" data-refusal-message="">
                      {refusal.message}
                    </span>
                  </span>
                </p>
                {asked ? (
                  <p className="flex items-center gap-2 pl-6 text-pink-900" data-request-pending="">
                    <Hourglass className="size-4" aria-hidden="true" />
                    {t('register.request.pending')}
                    <Badge variant="pink">{PARTICIPANT_STATUSES.label('needs-review', locale)}</Badge>
                  </p>
                ) : refusal.canRequest ? (
                  <div className="pl-6">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onRequest(refusal)}
                      data-request={refusal.canRequest}
                    >
                      {t(`register.request.${refusal.canRequest}.action`)}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

export interface AskOutcome {
  sent: { serviceId: string; memberId: string }[];
  failed: { serviceId: string; memberId: string; message: string }[];
}

/**
 * Asks the club once for the sessions and members chosen (reason `visibility`): what was sent, and each
 * (session, member) that could not be asked with why; a failed call is a failure of every pair.
 */
export async function askClub(
  input: { serviceIds: string[]; memberIds: string[]; note: string | undefined },
  locale: 'fr' | 'en',
): Promise<AskOutcome> {
  const outcome: AskOutcome = { sent: [], failed: [] };
  try {
    const answer = await requestRegistrationGroup({ ...input, reason: 'visibility' });
    for (const p of answer.requests) outcome.sent.push({ serviceId: p.service.id, memberId: p.member.id });
    for (const r of answer.refused) outcome.failed.push(r);
  } catch (error) {
    const message = statusText(error, locale);
    for (const serviceId of input.serviceIds) {
      for (const memberId of input.memberIds) outcome.failed.push({ serviceId, memberId, message });
    }
  }
  return outcome;
}

/** What came back from « Envoyer la demande »: the requests sent, and each one the club could not take. */
export function AskResult({
  outcome,
  sessionLabelOf,
  nameOf,
}: {
  outcome: AskOutcome;
  sessionLabelOf: (serviceId: string) => string;
  nameOf: (memberId: string) => string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div className="space-y-3" data-request-outcome="" aria-live="polite">
      {outcome.sent.length > 0 ? (
        <Alert tone="success" title={t('register.request.sentTitle')} data-request-sent="">
          {t('register.request.sentMany', { count: outcome.sent.length })}
        </Alert>
      ) : null}
      {outcome.failed.length > 0 ? (
        <ul className="space-y-2" data-refused="">
          {outcome.failed.map((failure) => (
            <li
              key={pairKey(failure.serviceId, failure.memberId)}
              className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              data-request-failed=""
            >
              <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <span className="font-semibold">{nameOf(failure.memberId)}</span> ·{' '}
                {sessionLabelOf(failure.serviceId)}
                <span className="block">{failure.message}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
