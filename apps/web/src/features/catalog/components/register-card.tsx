import {
  type AddToCartInput,
  type AddToCartResult,
  addToCartSchema,
  type CatalogDetail,
} from '@inscrio/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { statusText } from '@/lib/api-error';
import { openCartDrawer } from '@/lib/cart';
import { formatPattern } from '@/lib/dates';
import { payloadResolver } from '@/lib/payload-resolver';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import { useAddToCart } from '../api/add-to-cart';
import { useActivityRegistrations } from '../api/get-activity-registrations';
import { usePeriods } from '../api/get-periods';
import { useFamilyMembers } from '../hooks/use-family-members';
import { MembersStep } from './register/members-step';
import { PendingRequests } from './register/pending-requests';
import {
  ageSessions,
  emptyRegisterValues,
  isBookable,
  optionalSupplements,
  type RegisterFormValues,
  requestServiceIds,
  type Session,
  toAddToCartPayload,
  withRequested,
} from './register/register-form-model';
import { askClub, type AskOutcome, AskResult, Outcome } from './register/register-outcome';
import { type OpenRequest, RequestDialog } from './register/request-dialog';
import { RequestNoteStep } from './register/request-note-step';
import { RegisterSubmit } from './register/register-submit';
import { memberName, useSessionLabel } from './register/session-label';
import { SessionsStep } from './register/sessions-step';
import { SupplementsStep } from './register/supplements-step';

/** `register`: into the cart (public activities); `request`: asked to the club (protected, private). */
export type RegisterMode = 'register' | 'request';

/**
 * Registering from an activity's page: the sessions (one, several, or every session of a period), the
 * family members who attend (with their age), optional supplements, then « Ajouter au panier ». Refusals
 * come back one by one, next to their member and session, with what the family may ask instead. The
 * choices live in one react-hook-form form, checked with the shared `addToCartSchema`.
 */
export function RegisterCard({
  activity,
  mode = 'register',
}: {
  activity: CatalogDetail;
  mode?: RegisterMode;
}) {
  const { t } = useTranslation('catalog');
  const asking = mode === 'request';
  const queryClient = useQueryClient();
  const mine = useActivityRegistrations(activity.id, true);
  const locale = useLocale();
  const timeZone = useTimeZone();
  const label = useSessionLabel();
  const { members, isPending: membersPending } = useFamilyMembers();
  const periods = usePeriods();
  const addToCart = useAddToCart(activity.id);
  const today = formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr');

  const [result, setResult] = useState<AddToCartResult | null>(null);
  const [asked, setAsked] = useState<AskOutcome | null>(null);
  const [requested, setRequested] = useState<ReadonlySet<string>>(new Set());
  const [openRequest, setOpenRequest] = useState<OpenRequest | null>(null);

  const [now] = useState(() => Date.now());
  const bookable = useMemo(
    () => activity.sessions.filter((s) => isBookable(s, now)),
    [activity.sessions, now],
  );
  const optional = optionalSupplements(activity.supplements, asking);

  const resolver = useMemo(
    () =>
      payloadResolver<RegisterFormValues, AddToCartInput>(addToCartSchema(locale), (values) =>
        toAddToCartPayload(activity.id, values, bookable),
      ),
    [locale, activity.id, bookable],
  );
  const form = useForm<RegisterFormValues, unknown, AddToCartInput>({
    resolver,
    defaultValues: emptyRegisterValues(),
  });
  const { control, getValues, setValue, handleSubmit } = form;
  const values = useWatch({ control }) as RegisterFormValues;
  const dayOf = (startDateTime: string) =>
    formatPattern(new Date(startDateTime), 'yyyy-MM-dd', timeZone, 'fr');
  const forAges = ageSessions(values, bookable, dayOf);

  const periodName = (id: string) => periods.data?.find((p) => p.id === id)?.name ?? t('register.period');
  const nameOf = (memberId: string) => {
    const member = members.find((m) => m.id === memberId);
    return member ? memberName(member, locale) : t('register.someone');
  };
  const sessionLabelOf = (serviceId: string) => {
    const session = activity.sessions.find((s) => s.id === serviceId);
    return session ? label(session.startDateTime, session.duration) : t('register.session');
  };
  const clearSessions = () => {
    setValue('serviceIds', []);
    setValue('periodId', null);
  };

  const submit = handleSubmit(async (input) => {
    if (asking) {
      await ask(requestServiceIds(getValues(), bookable), input.memberIds);
      return;
    }
    addToCart.mutate(input, {
      onSuccess: (answer) => {
        setResult(answer);
        setRequested(new Set());
        // Everything went in: show the cart. Otherwise the refusals stay in view first.
        if (answer.added.length > 0 && answer.refused.length === 0) {
          clearSessions();
          openCartDrawer();
        }
      },
    });
  });

  /** One request for the sessions and members chosen, reason `visibility`: it waits « A traiter ». */
  const ask = async (serviceIds: string[], memberIds: string[]) => {
    const outcome = await askClub(
      { serviceIds, memberIds, note: getValues('note').trim() || undefined },
      locale,
    );
    setAsked(outcome);
    if (outcome.sent.length > 0) {
      clearSessions();
      setValue('note', '');
      void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] });
    }
  };

  const waitingList = (session: Session) => {
    const chosen = members.filter((m) => values.memberIds.includes(m.id));
    setOpenRequest({
      reason: 'waiting-list',
      serviceId: session.id,
      sessionLabel: label(session.startDateTime, session.duration),
      members: (chosen.length > 0 ? chosen : members).map((m) => ({ id: m.id, name: memberName(m, locale) })),
    });
  };

  return (
    <Card id="register" data-register="" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{t(asking ? 'register.request.visibility.title' : 'register.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t(asking ? 'register.requestText' : 'register.text')}</p>
      </CardHeader>
      <CardContent>
        <PendingRequests
          items={(mine.data?.items ?? []).filter((p) => p.status === 'needs-review')}
          label={label}
        />
        <FormProvider {...form}>
          <form onSubmit={(event) => void submit(event)} className="space-y-6" noValidate>
            <SessionsStep
              bookable={bookable}
              asking={asking}
              periodName={periodName}
              canWait={members.length > 0}
              onWaitingList={waitingList}
            />
            <MembersStep
              members={members}
              pending={membersPending}
              today={today}
              ageSessions={forAges}
              ages={activity}
              requested={requested}
              onAgeRequest={(member, serviceIds) =>
                setOpenRequest({
                  reason: 'age',
                  serviceId: serviceIds[0]!,
                  serviceIds,
                  sessionLabel: sessionLabelOf(serviceIds[0]!),
                  members: [{ id: member.id, name: memberName(member, locale) }],
                })
              }
            />
            {optional.length > 0 ? <SupplementsStep supplements={optional} /> : null}
            {asking ? <RequestNoteStep /> : null}

            {addToCart.isError ? <Alert tone="error">{statusText(addToCart.error, locale)}</Alert> : null}

            <RegisterSubmit
              asking={asking}
              loading={asking ? form.formState.isSubmitting : addToCart.isPending}
              disabled={members.length === 0 || bookable.length === 0}
            />
          </form>
        </FormProvider>

        {asked ? (
          <div className="mt-6 border-t border-slate-100 pt-5">
            <AskResult outcome={asked} sessionLabelOf={sessionLabelOf} nameOf={nameOf} />
          </div>
        ) : null}

        {result ? (
          <div className="mt-6 border-t border-slate-100 pt-5">
            <Outcome
              result={result}
              sessionLabelOf={sessionLabelOf}
              nameOf={nameOf}
              requested={requested}
              onRequest={(refusal) =>
                setOpenRequest({
                  reason: refusal.canRequest ?? 'visibility',
                  serviceId: refusal.serviceId,
                  sessionLabel: sessionLabelOf(refusal.serviceId),
                  members: [{ id: refusal.memberId, name: nameOf(refusal.memberId) }],
                })
              }
            />
          </div>
        ) : null}
      </CardContent>

      {openRequest ? (
        <RequestDialog
          {...openRequest}
          supplementIds={values.supplementIds}
          onClose={() => setOpenRequest(null)}
          onSent={(memberIds) =>
            setRequested((current) =>
              withRequested(current, openRequest.serviceIds ?? [openRequest.serviceId], memberIds),
            )
          }
        />
      ) : null}
    </Card>
  );
}
