import {
  ageRestrictionText,
  formatAge,
  isWithinAgeLimits,
  type ReviewItem,
  type ReviewReason,
} from '@inscrio/shared';
import { ArrowLeft, Check, Inbox, Mail, MessageSquareQuote, Phone, Users, X } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/error-state';
import { QueryStates } from '@/components/feedback/query-states';
import { PageContainer, PageHeader } from '@/components/layouts/page-header';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime, formatPattern } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useLocale } from '@/lib/use-locale';
import { useReviews } from '../api/reviews';
import { useTimeZone } from '@/lib/use-time-zone';
import { type Decision, ReviewDecisionDialog } from './review-decision-dialog';

const PAGE_SIZE = 20;

const REASON_BADGES: Record<ReviewReason, BadgeVariant> = {
  age: 'warning',
  'waiting-list': 'info',
  visibility: 'pink',
};

export function ReasonBadge({ reason }: { reason: ReviewReason | null }) {
  const { t } = useTranslation('reviews');
  if (!reason) return null;
  return (
    <Badge variant={REASON_BADGES[reason]} data-review-reason={reason}>
      {t(`reasons.${reason}`)}
    </Badge>
  );
}

/** An age outside the activity's limits (0 or null: no limit on that side; the last year included). */
export function isOutside(ageMonths: number, range: { minAge: number | null; maxAge: number | null }) {
  return !isWithinAgeLimits(ageMonths, range.minAge, range.maxAge);
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Who asked: the family's account holder, with a link to write or call. */
function FamilyContact({ contact }: { contact: ReviewItem['familyContact'] }) {
  const { t } = useTranslation('reviews');
  return (
    <div className="space-y-1" data-family-contact="">
      <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        <Users className="size-3.5" aria-hidden="true" />
        {t('item.family')}
      </p>
      {contact ? (
        <div className="flex flex-col gap-1 text-sm sm:flex-row sm:flex-wrap sm:gap-x-4">
          <span className="font-medium text-slate-900">{contact.name || t('item.noName')}</span>
          {contact.email && (
            <a
              className="flex min-w-0 items-center gap-1.5 break-all text-brand-700 hover:underline"
              href={`mailto:${contact.email}`}
            >
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              {contact.email}
            </a>
          )}
          {contact.phone ? (
            <a
              className="flex items-center gap-1.5 text-brand-700 tabular-nums hover:underline"
              href={`tel:${contact.phone.replace(/\s/g, '')}`}
            >
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              {contact.phone}
            </a>
          ) : (
            <span className="text-slate-500">{t('item.noPhone')}</span>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-500">{t('item.noContact')}</p>
      )}
    </div>
  );
}

function ReviewCard({ item, onDecide }: { item: ReviewItem; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const name = `${item.member.firstName} ${item.member.lastName}`.trim();
  const start = new Date(item.service.startDateTime);
  const range = { minAge: item.minAge, maxAge: item.maxAge };
  const ageMonths = item.memberAgeMonths;
  const outsideRange = ageMonths !== null && isOutside(ageMonths, range);
  const sessions = item.sessions ?? [];

  return (
    <li data-review-item="" data-member={name}>
      <Card className="space-y-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 space-y-1">
            <h2 className="text-base font-semibold break-words text-slate-900">{name}</h2>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-slate-700">
              <span className="flex items-center gap-2">
                <span
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: item.service.colorCode }}
                  aria-hidden="true"
                />
                {item.service.blueprintName}
              </span>
              <span aria-hidden="true" className="text-slate-300">
                ·
              </span>
              {sessions.length > 1 ? (
                <span className="text-slate-600" data-review-session-count="">
                  {t('item.sessions', { count: sessions.length })}
                </span>
              ) : (
                <Link
                  className="text-slate-600 tabular-nums hover:text-brand-700 hover:underline"
                  to={paths.managedService.to(item.service.id)}
                >
                  {formatPattern(start, 'EEE', timeZone, locale)} {formatDateTime(start, timeZone, locale)}
                </Link>
              )}
            </p>
          </div>
          <ReasonBadge reason={item.reviewReason} />
        </div>

        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 px-3 py-2.5 sm:grid-cols-3">
          <Fact term={t('item.age')}>
            {ageMonths === null ? (
              <span className="text-slate-500">{t('item.unknownAge')}</span>
            ) : (
              <span className={cn(outsideRange && 'text-amber-700')} data-member-age="">
                {formatAge(ageMonths, locale)}
              </span>
            )}
          </Fact>
          <Fact term={t('item.ageRange')}>
            <span data-age-range="">{ageRestrictionText(range.minAge, range.maxAge, locale)}</span>
          </Fact>
          <Fact term={t('item.requestedOn')}>
            <span className="tabular-nums">{formatDate(item.createdAt, timeZone, locale)}</span>
          </Fact>
        </dl>

        {sessions.length > 1 ? (
          <div className="space-y-1">
            <p className="text-xs font-medium text-slate-500">{t('item.sessionsList')}</p>
            <ul className="flex flex-wrap gap-1.5" data-review-sessions="">
              {sessions.map((s) => {
                const date = new Date(s.service.startDateTime);
                return (
                  <li key={s.participantId}>
                    <Link
                      className="inline-flex rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700 tabular-nums hover:bg-brand-50 hover:text-brand-700"
                      to={paths.managedService.to(s.service.id)}
                    >
                      {formatPattern(date, 'EEE', timeZone, locale)} {formatDateTime(date, timeZone, locale)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : null}

        <FamilyContact contact={item.familyContact} />

        <figure className="space-y-1">
          <figcaption className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <MessageSquareQuote className="size-3.5" aria-hidden="true" />
            {t('item.note')}
          </figcaption>
          {item.reviewNote ? (
            <blockquote
              className="rounded-lg border-l-4 border-brand-200 bg-white px-3 py-2 text-sm whitespace-pre-line text-slate-800"
              data-review-note=""
            >
              {item.reviewNote}
            </blockquote>
          ) : (
            <p className="text-sm text-slate-500">{t('item.noNote')}</p>
          )}
        </figure>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            className="text-red-700"
            onClick={() => onDecide('refuse')}
            aria-label={t('item.refuseOf', { name })}
            data-decision="refuse"
          >
            <X aria-hidden="true" />
            {t('item.refuse')}
          </Button>
          <Button
            onClick={() => onDecide('accept')}
            aria-label={t('item.acceptOf', { name })}
            data-decision="accept"
          >
            <Check aria-hidden="true" />
            {t('item.accept')}
          </Button>
        </div>
      </Card>
    </li>
  );
}

/**
 * `/reviews` (A traiter): the requests a manager accepts or refuses (an age exception, a waiting list,
 * a registration to an activity families cannot register to themselves), with what helps decide.
 */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const query = useReviews({ page, pageSize: PAGE_SIZE });
  const [target, setTarget] = useState<{ item: ReviewItem; decision: Decision } | null>(null);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const setPage = useCallback(
    (next: number) => setParams(next > 1 ? { page: String(next) } : {}, { replace: true }),
    [setParams],
  );

  // The last request of a page decided: back to the page before.
  useEffect(() => {
    if (query.data && page > pageCount) setPage(pageCount);
  }, [query.data, page, pageCount, setPage]);

  return (
    <PageContainer className="max-w-4xl">
      <Link
        to={paths.registry.to()}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('backToRegistry')}
      </Link>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            {t('title')}
            {total > 0 ? (
              <Badge variant="pink" className="text-sm" data-review-total="">
                {total}
              </Badge>
            ) : null}
          </span>
        }
        description={t('description')}
      />
      <QueryStates
        query={query}
        loadingLabel={t('loading')}
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={<Inbox className="size-8" aria-hidden="true" />}
            title={t('empty')}
            text={t('emptyHint')}
          />
        }
      >
        <ul className={cn('space-y-4', query.isPlaceholderData && 'opacity-60')} data-review-list="">
          {items.map((item) => (
            <ReviewCard key={item.id} item={item} onDecide={(decision) => setTarget({ item, decision })} />
          ))}
        </ul>
      </QueryStates>
      {pageCount > 1 ? (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          summary={t('summary', { count: total, page, pages: pageCount })}
          label={t('pagination')}
        />
      ) : null}
      <ReviewDecisionDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </PageContainer>
  );
}
