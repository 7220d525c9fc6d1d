import {
  ageText,
  type AddToCartResult,
  addToCartSchema,
  type CatalogDetail,
  displayName,
  formatAge,
  formatMoney,
  PARTICIPANT_STATUSES,
  type ParticipantDto,
  type Refusal,
  type ReviewReason,
  SUPPLEMENT_FREQUENCIES,
} from '@inscrio/shared';
import { CircleCheck, CircleX, Hourglass, Send, ShoppingCart, TriangleAlert, UserPlus } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox, CheckboxField } from '@/components/ui/checkbox';
import { SessionStatusBadge } from '@/components/ui/session-status-badge';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { statusText } from '@/lib/api-error';
import { openCartDrawer } from '@/lib/cart';
import { cn } from '@/lib/cn';
import { formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useAddToCart } from '../api/add-to-cart';
import { usePeriods } from '../api/get-periods';
import { requestRegistrationGroup, useRequestRegistrationGroup } from '../api/request-registration';
import { useActivityRegistrations } from '../api/get-activity-registrations';
import { type FamilyMember, useFamilyMembers } from '../hooks/use-family-members';
import { useTimeZone } from '@/lib/use-time-zone';
import { type AgeFit, memberAgeFit } from '../utils/member-age-fit';

type Session = CatalogDetail['sessions'][number];

/** `register`: into the cart (public activities); `request`: asked to the club (protected, private). */
export type RegisterMode = 'register' | 'request';

/** A session the family may choose: not cancelled and not started yet. */
function isBookable(session: Session, now: number): boolean {
  return session.status !== 'cancelled' && Date.parse(session.startDateTime) > now;
}

const isFull = (session: Session) => session.seats.freeSeats === 0;

function useSessionLabel() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (startDateTime: string, duration?: number) => {
    const start = new Date(startDateTime);
    const day = formatPattern(start, locale === 'fr' ? 'EEEE d MMM' : 'EEEE, MMM d', timeZone, locale);
    const from = formatPattern(start, 'HH:mm', timeZone, locale);
    const to =
      duration === undefined
        ? null
        : formatPattern(new Date(start.getTime() + duration * 60_000), 'HH:mm', timeZone, locale);
    return `${day.charAt(0).toUpperCase()}${day.slice(1)} · ${from}${to ? ` – ${to}` : ''}`;
  };
}

function memberName(member: Pick<FamilyMember, 'firstName' | 'lastName'>, locale: 'fr' | 'en'): string {
  return displayName(member, 'participant', locale);
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="grid size-6 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">
          {number}
        </span>
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * Asks the club (POST /registrations/request-groups) once for the sessions and members chosen: an age
 * exception, a place on the waiting list, or a registration the activity does not take directly. Each
 * member's sessions wait 'A traiter' as one request; the sessions that could not be asked are named.
 */
function RequestDialog({
  reason,
  serviceId,
  serviceIds,
  sessionLabel,
  members,
  supplementIds,
  onClose,
  onSent,
}: {
  reason: ReviewReason;
  serviceId: string;
  /** Several sessions asked at once (an age exception for the sessions a child does not fit); default [serviceId]. */
  serviceIds?: string[];
  sessionLabel: string;
  members: { id: string; name: string }[];
  /** The optional supplements ticked on the card: kept with the request once accepted. */
  supplementIds: string[];
  onClose: () => void;
  onSent: (memberIds: string[]) => void;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  const formId = useId();
  const [note, setNote] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(members.length === 1 ? [members[0]!.id] : []),
  );
  const [sent, setSent] = useState(false);
  const [missing, setMissing] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const request = useRequestRegistrationGroup();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.size === 0) {
      setMissing(true);
      return;
    }
    const ids = [...chosen];
    try {
      const result = await request.mutateAsync({
        serviceIds: serviceIds ?? [serviceId],
        memberIds: ids,
        reason,
        note: note.trim() || undefined,
        supplementIds: supplementIds.length > 0 ? supplementIds : undefined,
      });
      setRefused([...new Set(result.refused.map((r) => r.message))]);
      if (result.requests.length === 0) return;
      setSent(true);
      onSent(ids);
    } catch {
      // Shown by the dialog (request.error).
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`register.request.${reason}.title`)}
      description={
        sent
          ? undefined
          : serviceIds && serviceIds.length > 1
            ? t('register.request.textMany', { count: serviceIds.length, session: sessionLabel })
            : t(`register.request.${reason}.text`, { session: sessionLabel })
      }
      footer={
        sent ? (
          <Button onClick={onClose}>{t('register.request.close')}</Button>
        ) : (
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('register.request.back')}</Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={request.isPending} data-send-request="">
              {t('register.request.send')}
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div className="space-y-3">
          <Alert tone="success" title={t('register.request.sentTitle')} data-request-sent="">
            {t('register.request.sent', { status: PARTICIPANT_STATUSES.label('needs-review', locale) })}
          </Alert>
          {refused.length > 0 ? <RefusedList messages={refused} /> : null}
        </div>
      ) : (
        <form id={formId} onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {request.isError ? <Alert tone="error">{statusText(request.error, locale)}</Alert> : null}
          {refused.length > 0 ? <RefusedList messages={refused} /> : null}
          {members.length > 1 ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('register.request.who')}</legend>
              {members.map((member) => (
                <CheckboxField
                  key={member.id}
                  label={member.name}
                  checked={chosen.has(member.id)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(member.id);
                    else next.delete(member.id);
                    setChosen(next);
                    setMissing(false);
                  }}
                />
              ))}
              {missing ? (
                <p className="text-[13px] font-medium text-red-600">{t('register.errors.members')}</p>
              ) : null}
            </fieldset>
          ) : null}
          <FormField
            id={`${formId}-note`}
            label={t('register.request.note')}
            hint={t('register.request.noteHint')}
          >
            <Textarea
              id={`${formId}-note`}
              value={note}
              maxLength={1000}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormField>
        </form>
      )}
    </Dialog>
  );
}

/** The sessions a request could not cover, with why (past, already registered…). */
function RefusedList({ messages }: { messages: string[] }) {
  const { t } = useTranslation('catalog');
  return (
    <Alert tone="warning" title={t('register.request.refusedTitle')} data-request-refused="">
      <ul className="list-disc space-y-1 pl-4">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}

interface OpenRequest {
  reason: ReviewReason;
  serviceId: string;
  serviceIds?: string[];
  sessionLabel: string;
  members: { id: string; name: string }[];
}

const pairKey = (serviceId: string, memberId: string) => `${serviceId}:${memberId}`;

/** What came back from « Ajouter au panier »: the lines added, and each refusal with what may be asked. */
function Outcome({
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

interface AskOutcome {
  sent: { serviceId: string; memberId: string }[];
  failed: { serviceId: string; memberId: string; message: string }[];
}

/** What came back from « Envoyer la demande »: the requests sent, and each one the club could not take. */
function AskResult({
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

/** The family's requests for this activity still waiting for the club (« En attente »). */
function PendingRequests({
  items,
  label,
}: {
  items: ParticipantDto[];
  label: (startDateTime: string, duration?: number) => string;
}) {
  const { t } = useTranslation('catalog');
  const locale = useLocale();
  if (items.length === 0) return null;
  return (
    <section
      className="mb-6 space-y-2 rounded-xl border border-pink-200 bg-pink-50/60 p-3"
      aria-labelledby="pending-requests-title"
      data-pending-requests=""
    >
      <h3 id="pending-requests-title" className="flex items-center gap-2 text-sm font-semibold text-pink-900">
        <Hourglass className="size-4" aria-hidden="true" />
        {t('register.request.pendingTitle', { count: items.length })}
      </h3>
      <ul className="space-y-1.5 text-sm text-slate-800">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1"
            data-pending-request={item.id}
          >
            <span>
              <span className="font-medium">{displayName(item.member, 'participant', locale)}</span> ·{' '}
              {label(item.service.startDateTime, item.service.duration)}
            </span>
            <Badge variant="pink">{PARTICIPANT_STATUSES.label('needs-review', locale)}</Badge>
          </li>
        ))}
      </ul>
      <p className="text-xs text-pink-900/80">{t('register.request.pendingText')}</p>
    </section>
  );
}

/**
 * Registering from an activity's page: the sessions (one, several, or every session of a period), the
 * family members who attend (with their age), optional supplements, then « Ajouter au panier ». Refusals
 * come back one by one, next to their member and session, with what the family may ask instead.
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
  const [note, setNote] = useState('');
  const [asked, setAsked] = useState<AskOutcome | null>(null);
  const [sending, setSending] = useState(false);
  const locale = useLocale();
  const timeZone = useTimeZone();
  const label = useSessionLabel();
  const { members, isPending: membersPending } = useFamilyMembers();
  const periods = usePeriods();
  const addToCart = useAddToCart(activity.id);
  const today = formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr');
  const noteId = useId();

  const [sessionIds, setSessionIds] = useState<Set<string>>(new Set());
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [memberIds, setMemberIds] = useState<Set<string>>(new Set());
  const [supplementIds, setSupplementIds] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ sessions?: string; members?: string }>({});
  const [result, setResult] = useState<AddToCartResult | null>(null);
  const [requested, setRequested] = useState<Set<string>>(new Set());
  const [openRequest, setOpenRequest] = useState<OpenRequest | null>(null);

  const [now] = useState(() => Date.now());
  const bookable = useMemo(
    () => activity.sessions.filter((s) => isBookable(s, now)),
    [activity.sessions, now],
  );
  // A request carries no supplement: the club settles the price when it accepts.
  const optional = asking ? [] : activity.supplements.filter((s) => !s.minAge && !s.maxAge);

  // The sessions the age marks speak of: those chosen, or before any choice the upcoming ones.
  const ageSessions = useMemo(() => {
    const chosen =
      periodId !== null
        ? bookable.filter((s) => s.periodId === periodId)
        : bookable.filter((s) => sessionIds.has(s.id));
    const sessions = (chosen.length > 0 ? chosen : bookable).map((s) => ({
      id: s.id,
      day: formatPattern(new Date(s.startDateTime), 'yyyy-MM-dd', timeZone, 'fr'),
    }));
    return { sessions, chosen: chosen.length > 0 };
  }, [bookable, periodId, sessionIds, timeZone]);

  // Sessions by period, in date order; a period with one session needs no « toutes les séances ».
  const groups = useMemo(() => {
    const byPeriod = new Map<string | null, Session[]>();
    for (const session of bookable) {
      byPeriod.set(session.periodId, [...(byPeriod.get(session.periodId) ?? []), session]);
    }
    return [...byPeriod.entries()].map(([id, sessions]) => ({ id, sessions }));
  }, [bookable]);
  const periodName = (id: string) => periods.data?.find((p) => p.id === id)?.name ?? t('register.period');

  /** « Trop jeune (4 ans) », « Trop âgée (13 ans) pour 2 séances sur 10 », « Date de naissance inconnue ». */
  const ageFitText = (fit: AgeFit, gender: string | null) => {
    if (fit.kind === 'unknown') return t('register.ageFit.unknown');
    const side =
      fit.kind === 'too-young'
        ? t('register.ageFit.tooYoung', { age: formatAge(fit.ageMonths, locale) })
        : t(`register.ageFit.tooOld${gender === 'F' ? 'F' : gender === 'M' ? 'M' : ''}`, {
            age: formatAge(fit.ageMonths, locale),
          });
    return fit.serviceIds.length < fit.total
      ? `${side} ${t('register.ageFit.some', { count: fit.serviceIds.length, total: fit.total })}`
      : side;
  };

  const nameOf = (memberId: string) => {
    const member = members.find((m) => m.id === memberId);
    return member ? memberName(member, locale) : t('register.someone');
  };
  const sessionLabelOf = (serviceId: string) => {
    const session = activity.sessions.find((s) => s.id === serviceId);
    return session ? label(session.startDateTime, session.duration) : t('register.session');
  };

  const toggle = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const listed = periodId === null ? [...sessionIds].filter((id) => bookable.some((s) => s.id === id)) : [];
    const input = {
      blueprintId: activity.id,
      serviceIds: listed.length > 0 ? listed : undefined,
      periodId: periodId ?? undefined,
      memberIds: [...memberIds],
      supplementIds: [...supplementIds],
    };
    const parsed = addToCartSchema(locale).safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'serviceIds') next.sessions = t('register.errors.sessions');
        if (issue.path[0] === 'memberIds') next.members = t('register.errors.members');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (asking) {
      const ids =
        periodId !== null ? bookable.filter((s) => s.periodId === periodId).map((s) => s.id) : listed;
      void ask(ids, [...memberIds]);
      return;
    }
    addToCart.mutate(parsed.data, {
      onSuccess: (answer) => {
        setResult(answer);
        setRequested(new Set());
        // Everything went in: show the cart. Otherwise the refusals stay in view first.
        if (answer.added.length > 0 && answer.refused.length === 0) {
          setSessionIds(new Set());
          setPeriodId(null);
          openCartDrawer();
        }
      },
    });
  };

  /** One request for the sessions and members chosen, reason `visibility`: it waits « A traiter ». */
  const ask = async (serviceIds: string[], ids: string[]) => {
    setSending(true);
    const outcome: AskOutcome = { sent: [], failed: [] };
    try {
      const result = await requestRegistrationGroup({
        serviceIds,
        memberIds: ids,
        reason: 'visibility',
        note: note.trim() || undefined,
      });
      for (const p of result.requests) outcome.sent.push({ serviceId: p.service.id, memberId: p.member.id });
      for (const r of result.refused) outcome.failed.push(r);
    } catch (error) {
      const message = statusText(error, locale);
      for (const serviceId of serviceIds) {
        for (const memberId of ids) outcome.failed.push({ serviceId, memberId, message });
      }
    }
    setSending(false);
    setAsked(outcome);
    if (outcome.sent.length > 0) {
      setSessionIds(new Set());
      setPeriodId(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['me', 'registrations'] });
    }
  };

  const waitingList = (session: Session) => {
    const chosen = members.filter((m) => memberIds.has(m.id));
    setOpenRequest({
      reason: 'waiting-list',
      serviceId: session.id,
      sessionLabel: label(session.startDateTime, session.duration),
      members: (chosen.length > 0 ? chosen : members).map((m) => ({ id: m.id, name: memberName(m, locale) })),
    });
  };

  let membersStep: ReactNode;
  if (membersPending) {
    membersStep = <Skeleton className="h-16 w-full rounded-xl" />;
  } else if (members.length === 0) {
    membersStep = (
      <Alert tone="info" data-no-members="">
        {t('register.noMembers')}{' '}
        <Link
          to={paths.delegations.to({ 'onboarding-action': 'add-family-members' })}
          className="font-semibold underline"
        >
          {t('register.addMembers')}
        </Link>
      </Alert>
    );
  } else {
    membersStep = (
      <div className="grid gap-2 sm:grid-cols-2" data-members="">
        {members.map((member) => {
          const age = ageText(member.birthdate, today, locale);
          const fit = memberAgeFit(member.birthdate, ageSessions.sessions, activity.minAge, activity.maxAge);
          const asked = fit !== null && fit.serviceIds.every((id) => requested.has(pairKey(id, member.id)));
          return (
            <div
              key={member.id}
              className={cn(
                'rounded-xl border text-sm transition-colors',
                memberIds.has(member.id)
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-slate-200 hover:bg-slate-50',
              )}
              data-member-option={member.id}
            >
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5">
                <Checkbox
                  checked={memberIds.has(member.id)}
                  onChange={(event) => {
                    setMemberIds(toggle(memberIds, member.id, event.target.checked));
                    setErrors((e) => ({ ...e, members: undefined }));
                  }}
                />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{memberName(member, locale)}</span>
                  {age ? <span className="block text-xs text-slate-600">{age}</span> : null}
                  {fit ? (
                    <span
                      className="mt-0.5 flex items-start gap-1 text-xs font-medium text-amber-800"
                      data-age-fit={fit.kind}
                    >
                      <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                      {ageFitText(fit, member.gender ?? null)}
                    </span>
                  ) : null}
                </span>
              </label>
              {fit ? (
                <div className="border-t border-slate-200/70 px-3 py-2 text-xs text-slate-600">
                  {asked ? (
                    <span className="flex items-center gap-1.5 text-pink-900" data-age-request-pending="">
                      <Hourglass className="size-3.5" aria-hidden="true" />
                      {t('register.request.pending')}
                    </span>
                  ) : ageSessions.chosen ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      className="h-7 px-2 text-brand-700"
                      onClick={() =>
                        setOpenRequest({
                          reason: 'age',
                          serviceId: fit.serviceIds[0]!,
                          serviceIds: fit.serviceIds,
                          sessionLabel: sessionLabelOf(fit.serviceIds[0]!),
                          members: [{ id: member.id, name: memberName(member, locale) }],
                        })
                      }
                      data-age-request={member.id}
                    >
                      {t('register.request.age.action')}
                    </Button>
                  ) : (
                    <span>{t('register.ageFit.chooseFirst')}</span>
                  )}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
    );
  }

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
        <form onSubmit={submit} className="space-y-6" noValidate>
          <Step number={1} title={t('register.sessions')}>
            {bookable.length === 0 ? (
              <p className="text-sm text-slate-600">{t('detail.sessions.empty')}</p>
            ) : (
              <div className="space-y-4">
                {groups.map((group) => {
                  const wholePeriod = group.id !== null && periodId === group.id;
                  return (
                    <div key={group.id ?? 'none'} className="space-y-1" data-period-group={group.id ?? ''}>
                      {group.id !== null && (groups.length > 1 || group.sessions.length > 1) ? (
                        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2">
                          <p className="text-sm font-semibold text-slate-800">{periodName(group.id)}</p>
                          {group.sessions.length > 1 ? (
                            <CheckboxField
                              label={t('register.wholePeriod')}
                              checked={wholePeriod}
                              onChange={(event) => {
                                // A whole period goes alone (the API takes a period or a list of sessions).
                                setPeriodId(event.target.checked ? group.id : null);
                                setSessionIds(new Set());
                                setErrors((e) => ({ ...e, sessions: undefined }));
                              }}
                              data-whole-period={group.id}
                            />
                          ) : null}
                        </div>
                      ) : null}
                      <ul className="divide-y divide-slate-100">
                        {group.sessions.map((session) => {
                          // Asking needs no free seat: the club decides (and may offer the waiting list).
                          const full = !asking && isFull(session);
                          const checked = wholePeriod || sessionIds.has(session.id);
                          return (
                            <li
                              key={session.id}
                              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
                              data-register-session={session.id}
                            >
                              <label
                                className={cn(
                                  'flex min-w-0 flex-1 items-center gap-3 text-sm',
                                  full || wholePeriod ? 'cursor-default' : 'cursor-pointer',
                                )}
                              >
                                <Checkbox
                                  checked={checked && !full}
                                  disabled={full || wholePeriod}
                                  onChange={(event) => {
                                    setSessionIds(toggle(sessionIds, session.id, event.target.checked));
                                    setPeriodId(null);
                                    setErrors((e) => ({ ...e, sessions: undefined }));
                                  }}
                                  aria-label={label(session.startDateTime, session.duration)}
                                />
                                <span className="min-w-0">
                                  <span
                                    className={cn(
                                      'block font-medium text-slate-900',
                                      full && 'text-slate-500',
                                    )}
                                  >
                                    {label(session.startDateTime, session.duration)}
                                  </span>
                                  {!full && !asking && session.seats.freeSeats > 0 ? (
                                    <span className="block text-xs text-slate-500">
                                      {t('seats.free', { count: session.seats.freeSeats })}
                                    </span>
                                  ) : null}
                                </span>
                              </label>
                              {session.status === 'postponed' ? (
                                <SessionStatusBadge status="postponed" />
                              ) : null}
                              {full ? (
                                <span className="flex items-center gap-2">
                                  <Badge variant="destructive" data-full="">
                                    {t('seats.full')}
                                  </Badge>
                                  {members.length > 0 ? (
                                    <Button
                                      size="sm"
                                      variant="ghost"
                                      className="h-7 px-2 text-brand-700"
                                      onClick={() => waitingList(session)}
                                      data-waiting-list={session.id}
                                    >
                                      <UserPlus aria-hidden="true" />
                                      {t('register.request.waiting-list.action')}
                                    </Button>
                                  ) : null}
                                </span>
                              ) : null}
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  );
                })}
              </div>
            )}
            {errors.sessions ? (
              <p className="text-[13px] font-medium text-red-600" data-field-error="">
                {errors.sessions}
              </p>
            ) : null}
          </Step>

          <Step number={2} title={t('register.members')}>
            {membersStep}
            {errors.members ? (
              <p className="text-[13px] font-medium text-red-600" data-field-error="">
                {errors.members}
              </p>
            ) : null}
          </Step>

          {optional.length > 0 ? (
            <Step number={3} title={t('register.supplements')}>
              <div className="space-y-2" data-supplement-options="">
                {optional.map((supplement) => (
                  <label
                    key={supplement.id}
                    className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm hover:bg-slate-50"
                  >
                    <Checkbox
                      checked={supplementIds.has(supplement.id)}
                      onChange={(event) =>
                        setSupplementIds(toggle(supplementIds, supplement.id, event.target.checked))
                      }
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">{supplement.name}</span>
                      <span className="block text-xs text-slate-500">
                        {SUPPLEMENT_FREQUENCIES.label(supplement.frequency, locale)}
                      </span>
                    </span>
                    <span className="shrink-0 font-semibold text-slate-900">
                      + {formatMoney(supplement.price, locale)}
                    </span>
                  </label>
                ))}
              </div>
            </Step>
          ) : null}

          {asking ? (
            <Step number={3} title={t('register.request.note')}>
              <FormField id={`${noteId}-note`} label={t('register.request.noteHint')}>
                <Textarea
                  id={`${noteId}-note`}
                  value={note}
                  maxLength={1000}
                  rows={3}
                  onChange={(event) => setNote(event.target.value)}
                  data-request-note=""
                />
              </FormField>
            </Step>
          ) : null}

          {addToCart.isError ? <Alert tone="error">{statusText(addToCart.error, locale)}</Alert> : null}

          {asking ? (
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              loading={sending}
              disabled={members.length === 0 || bookable.length === 0}
              data-send-request=""
            >
              <Send aria-hidden="true" />
              {t('register.request.send')}
            </Button>
          ) : (
            <Button
              type="submit"
              size="lg"
              className="w-full sm:w-auto"
              loading={addToCart.isPending}
              disabled={members.length === 0 || bookable.length === 0}
              data-add-to-cart=""
            >
              <ShoppingCart aria-hidden="true" />
              {t('register.submit')}
            </Button>
          )}
        </form>

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
          supplementIds={[...supplementIds]}
          onClose={() => setOpenRequest(null)}
          onSent={(ids) => {
            const next = new Set(requested);
            for (const serviceId of openRequest.serviceIds ?? [openRequest.serviceId]) {
              for (const id of ids) next.add(pairKey(serviceId, id));
            }
            setRequested(next);
          }}
        />
      ) : null}
    </Card>
  );
}
