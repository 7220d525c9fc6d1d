import {
  isAtLeastEstManager,
  isHolder,
  type Locale,
  localDay,
  message,
  type WorkMonthOverview,
  type WorkMonthOverviewQuery,
  type WorkTimeCorrectionInput,
  type WorkTimeQuery,
  type WorkTimeSettingsInput,
  WORK_TIME_LIMITS,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { AppError, refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { reachableOrganization } from '../organizations/organization.service';
import { createWorkTimeRepository, type HolderRow } from './work-time.repository';
import {
  canDecide,
  correctionDayAllowed,
  correctionWindow,
  EARLIEST_RATE_MONTH,
  isEditable,
  monthBounds,
  submitRefusal,
} from './work-time.rules';
import { holderMonths, holderName, settingsOf, toMonthDto, toSnapshot } from './work-time.views';

/** A page of the managers' overview holds at most this many holders (pageQueryFields caps it too). */
const MAX_PAGE = 100;

const invalid = (field: string, text: Record<Locale, string>, locale: Locale) =>
  new AppError('validation_failed', [{ field, rule: 'invalid', message: text[locale] }], { text });

/**
 * Holders' work time: a holder reads their months, corrects them while they are editable and submits
 * them; managers read every holder's month (an establishment manager: their establishment's holders),
 * validate or reject it, mark volunteers and set the allowance.
 */
export function createWorkTimeService(ctx: AppContext) {
  const repository = createWorkTimeRepository(ctx.db);

  async function timeZoneOf(organizationId: string) {
    const timeZone = await repository.timeZone(organizationId);
    if (!timeZone) throw new AppError('not_found');
    return timeZone;
  }

  /** A holder the caller may read: themselves, or for a manager a holder within their reach. */
  async function reachableHolder(
    auth: AuthContext,
    holderId: string | undefined,
    locale: Locale,
    month?: string,
  ) {
    const manager = isAtLeastEstManager(auth.actor);
    if (!manager) {
      if (!isHolder(auth.actor) || (holderId && holderId !== auth.userId)) throw new AppError('forbidden');
    } else if (!holderId) {
      throw new AppError('validation_failed', [
        { field: 'holderId', rule: 'required', message: message('required', locale) },
      ]);
    }
    const holder = await repository.holder(
      auth.organizationId,
      holderId ?? auth.userId,
      manager ? establishmentScope(auth) : null,
      // A manager reads a month of a holder who left since, if they worked in it.
      manager && month
        ? { timeZone: await timeZoneOf(auth.organizationId), ...monthBounds(month) }
        : undefined,
    );
    if (!holder) throw new AppError('not_found');
    return holder;
  }

  async function monthOf(
    db: Executor,
    organizationId: string,
    holder: HolderRow,
    month: string,
    locale: Locale,
  ) {
    const timeZone = await timeZoneOf(organizationId);
    const [view] = await holderMonths(db, organizationId, [holder], month, timeZone, ctx.clock.now());
    return toMonthDto(month, view!, locale);
  }

  async function currentMonth(organizationId: string) {
    return localDay(ctx.clock.now(), await timeZoneOf(organizationId)).slice(0, 7);
  }

  /** The holder's own account, for the holder-only changes. */
  async function self(auth: AuthContext) {
    if (!isHolder(auth.actor) || auth.organizationId !== auth.homeOrganizationId)
      throw new AppError('forbidden');
    const holder = await repository.holder(auth.organizationId, auth.userId, null);
    if (!holder) throw new AppError('forbidden');
    return holder;
  }

  /** Refuses a change on a day of a month that is submitted or validated (under the holder's lock). */
  async function assertEditable(
    db: Executor,
    organizationId: string,
    holderId: string,
    day: string,
    locale: Locale,
  ) {
    const [state] = await createWorkTimeRepository(db).months(organizationId, [holderId], day.slice(0, 7));
    if (state && !isEditable(state.status))
      throw refused('work_month_locked', undefined, { field: 'day', rule: 'locked', locale });
  }

  /** Refuses a correction's day outside the months a holder may correct (French and English field text). */
  async function assertCorrectableDay(organizationId: string, day: string, locale: Locale) {
    const today = localDay(ctx.clock.now(), await timeZoneOf(organizationId));
    if (correctionDayAllowed(day, today)) return;
    const { first, last } = correctionWindow(today);
    const text = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
    throw invalid(
      'day',
      {
        fr: `Choisissez un jour entre le ${text(first)} et le ${text(last)}`,
        en: `Choose a day between ${text(first)} and ${text(last)}`,
      },
      locale,
    );
  }

  return {
    /** `GET /work-time`: one holder's month, day by day. */
    async month(auth: AuthContext, query: WorkTimeQuery, locale: Locale) {
      const month = query.month ?? (await currentMonth(auth.organizationId));
      const holder = await reachableHolder(auth, query.holderId, locale, month);
      return monthOf(ctx.db, auth.organizationId, holder, month, locale);
    },

    /** `GET /work-time/months/{month}`: a page of holders with their month's totals and states. */
    async overview(auth: AuthContext, month: string, query: WorkMonthOverviewQuery, locale: Locale) {
      if (!isAtLeastEstManager(auth.actor)) throw new AppError('forbidden');
      const pageSize = Math.min(query.pageSize, MAX_PAGE);
      const { items, total } = await repository.holders(
        auth.organizationId,
        {
          establishmentId: establishmentScope(auth),
          search: query.q?.trim() || undefined,
          month,
          status: query.status,
          worked: { timeZone: await timeZoneOf(auth.organizationId), ...monthBounds(month) },
        },
        { limit: pageSize, offset: (query.page - 1) * pageSize },
      );
      const views = await holderMonths(
        ctx.db,
        auth.organizationId,
        items,
        month,
        await timeZoneOf(auth.organizationId),
        ctx.clock.now(),
      );
      return {
        month,
        items: views.map((view) => ({
          holderId: view.holder.id,
          displayName: holderName(view.holder, locale),
          volunteer: view.holder.volunteer,
          ...view.state,
          totals: view.computed.totals,
          allowance: view.allowance,
          warnings: view.warnings,
        })),
        total,
        page: query.page,
        pageSize,
      } satisfies WorkMonthOverview;
    },

    /** `POST /work-time/corrections`: the holder adds (or removes) time on a day of an editable month. */
    async addCorrection(auth: AuthContext, input: WorkTimeCorrectionInput, locale: Locale) {
      const holder = await self(auth);
      await assertCorrectableDay(auth.organizationId, input.day, locale);
      await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        await repo.lockHolder(auth.organizationId, holder.id);
        await assertEditable(tx, auth.organizationId, holder.id, input.day, locale);
        const window = { timeZone: 'UTC', ...monthBounds(input.day.slice(0, 7)) };
        if (
          (await repo.countCorrections(auth.organizationId, holder.id, window)) >=
          WORK_TIME_LIMITS.correctionsPerMonth
        ) {
          const max = WORK_TIME_LIMITS.correctionsPerMonth;
          throw invalid(
            'day',
            { fr: message('tooManyItems', 'fr', { max }), en: message('tooManyItems', 'en', { max }) },
            locale,
          );
        }
        await repo.insertCorrection({
          organizationId: auth.organizationId,
          id: newId('wtc'),
          holderUserId: holder.id,
          day: input.day,
          minutes: input.minutes,
          note: input.note,
          createdByUserId: auth.userId,
        });
      });
      return monthOf(ctx.db, auth.organizationId, holder, input.day.slice(0, 7), locale);
    },

    /** `PUT /work-time/corrections/{id}`: both the old and the new day's months must be editable. */
    async updateCorrection(auth: AuthContext, id: string, input: WorkTimeCorrectionInput, locale: Locale) {
      const holder = await self(auth);
      await assertCorrectableDay(auth.organizationId, input.day, locale);
      await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        await repo.lockHolder(auth.organizationId, holder.id);
        const existing = await repo.correction(auth.organizationId, id);
        if (!existing || existing.holderUserId !== holder.id) throw new AppError('not_found');
        await assertEditable(tx, auth.organizationId, holder.id, existing.day, locale);
        await assertEditable(tx, auth.organizationId, holder.id, input.day, locale);
        await repo.updateCorrection(auth.organizationId, id, {
          day: input.day,
          minutes: input.minutes,
          note: input.note,
        });
      });
      return monthOf(ctx.db, auth.organizationId, holder, input.day.slice(0, 7), locale);
    },

    /** `DELETE /work-time/corrections/{id}`. */
    async deleteCorrection(auth: AuthContext, id: string, locale: Locale) {
      const holder = await self(auth);
      const day = await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        await repo.lockHolder(auth.organizationId, holder.id);
        const existing = await repo.correction(auth.organizationId, id);
        if (!existing || existing.holderUserId !== holder.id) throw new AppError('not_found');
        await assertEditable(tx, auth.organizationId, holder.id, existing.day, locale);
        await repo.deleteCorrection(auth.organizationId, id);
        return existing.day;
      });
      return monthOf(ctx.db, auth.organizationId, holder, day.slice(0, 7), locale);
    },

    /** `POST /work-time/months/{month}/submit`: the holder asks for validation. */
    async submit(auth: AuthContext, month: string, locale: Locale) {
      const holder = await self(auth);
      const today = localDay(ctx.clock.now(), await timeZoneOf(auth.organizationId));
      await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        await repo.lockHolder(auth.organizationId, holder.id);
        const [state] = await repo.months(auth.organizationId, [holder.id], month, true);
        const refusal = submitRefusal(state?.status ?? 'draft', month, today);
        if (refusal) throw refused(refusal);
        await repo.submit(auth.organizationId, holder.id, month, ctx.clock.now());
      });
      return monthOf(ctx.db, auth.organizationId, holder, month, locale);
    },

    /** `POST …/validate` and `…/reject`: a manager decides on a submitted month. */
    async decide(
      auth: AuthContext,
      month: string,
      holderId: string,
      decision: { status: 'validated' | 'rejected'; note: string | null },
      locale: Locale,
    ) {
      const holder = await reachableHolder(auth, holderId, locale, month);
      const timeZone = await timeZoneOf(auth.organizationId);
      await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        await repo.lockHolder(auth.organizationId, holder.id);
        const [state] = await repo.months(auth.organizationId, [holder.id], month, true);
        if (!state || !canDecide(state.status)) throw refused('work_month_not_submitted');
        // Validated: the figures the manager saw are kept as they are for payroll.
        const [view] = await holderMonths(
          tx,
          auth.organizationId,
          [holder],
          month,
          timeZone,
          ctx.clock.now(),
        );
        await repo.decide(auth.organizationId, holder.id, month, {
          ...decision,
          at: ctx.clock.now(),
          byUserId: auth.userId,
          snapshot: decision.status === 'validated' ? toSnapshot(view!) : null,
        });
      });
      return monthOf(ctx.db, auth.organizationId, holder, month, locale);
    },

    /** `PUT /work-time/holders/{holderId}/volunteer`: marks a holder as a volunteer (or not). */
    async setVolunteer(auth: AuthContext, holderId: string, volunteer: boolean, locale: Locale) {
      const holder = await reachableHolder(auth, holderId, locale);
      await repository.setVolunteer(auth.organizationId, holder.id, volunteer);
      return { volunteer };
    },

    async settings(auth: AuthContext, organizationId: string) {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      return settingsOf(ctx.db, organization.id);
    },

    /** `PATCH /organizations/{id}/work-time-settings`: what the payload gives, the rest unchanged. */
    async updateSettings(auth: AuthContext, organizationId: string, input: WorkTimeSettingsInput) {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      const current = await settingsOf(ctx.db, organization.id);
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const next = { ...current, ...given } as typeof current;
      const month = await currentMonth(organization.id);
      await ctx.db.transaction(async (tx) => {
        const repo = createWorkTimeRepository(tx);
        // A new allowance applies from this month on; the earlier months keep the one then in force.
        if (
          next.volunteerAllowanceBasis !== current.volunteerAllowanceBasis ||
          next.volunteerAllowanceCents !== current.volunteerAllowanceCents
        ) {
          const rate = (s: typeof current, fromMonth: string) => ({
            fromMonth,
            basis: s.volunteerAllowanceBasis,
            rateCents: s.volunteerAllowanceCents,
          });
          await repo.recordAllowanceRate(organization.id, rate(current, EARLIEST_RATE_MONTH), true);
          await repo.recordAllowanceRate(organization.id, rate(next, month));
        }
        await repo.saveSettings(organization.id, next);
      });
      return settingsOf(ctx.db, organization.id);
    },
  };
}
