import {
  type IssueRecoveryTokenInput,
  isAtLeastEstManager,
  type Locale,
  RECOVERY_DEFAULTS,
  RECOVERY_MESSAGES,
  RECOVERY_SCOPES,
  type RecoverySession,
  type RecoverySettings,
  type RecoverySettingsInput,
  type RecoveryTokenList,
  type RecoveryTokenListQuery,
  SESSION_CANCELLATION_COMPENSATIONS,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { type AuthContext, establishmentScope, familyOf, isFamilyAccount } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { reachableOrganization } from '../organizations/organization.service';
import { checkEligibility } from '../registrations/eligibility';
import { failure, mailFamily, refuse } from '../registrations/notifications';
import { toRecoveryTokenDto } from './recovery.dto';
import { recoveryMailFacts } from './recovery-issue';
import { type CandidateRow, createRecoveryRepository, type RecoveryTokenView } from './recovery.repository';
import { expiryOf, hasExpired, REMINDER_BEFORE_MS, tokenSessionRefusal } from './recovery.rules';

/** The most sessions `GET /recovery-tokens/{id}/sessions` offers, and how many it looks at to find them. */
const MAX_OFFERED = 20;
const MAX_LOOKED_AT = 60;

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A candidate session as the rules read it. */
export const candidateFacts = (row: CandidateRow) => ({
  blueprintId: row.blueprint_id,
  establishmentId: row.establishment_id,
  visibility: row.visibility,
  status: row.status,
  archived: row.archived,
  startDateTime: asDate(row.start_date_time),
  maxSeats: row.max_seats,
  reservedSeats: row.reserved_seats,
});

/** The scope setting as stored, read safely. */
export const scopeOf = (value: string) => (RECOVERY_SCOPES.is(value) ? value : 'any');

/**
 * Recovery tokens as families and managers see and handle them (the consume use case is consume.ts).
 * A family sees its own; managers all of the organisation's, an establishment manager those of
 * activities of their establishment; holders and families never issue, extend nor cancel.
 */
export function createRecoveryService(ctx: AppContext) {
  const repository = createRecoveryRepository(ctx.db);

  /** A token the caller may see, or 404. */
  async function reachable(auth: AuthContext, id: string): Promise<RecoveryTokenView> {
    const manager = isAtLeastEstManager(auth.actor);
    const organizationId = manager ? auth.organizationId : familyOf(auth).organizationId;
    const view = await repository.findView(organizationId, id);
    if (!view) throw new AppError('not_found');
    if (manager) {
      const scope = establishmentScope(auth);
      if (scope !== null && view.originEstablishmentId !== scope) throw new AppError('not_found');
    } else if (view.familyId !== auth.familyId) {
      throw new AppError('not_found');
    }
    return view;
  }

  return {
    reachable,

    /** `GET /recovery-tokens/{id}`: the token, as its list shows it. */
    async get(auth: AuthContext, id: string) {
      return toRecoveryTokenDto(await reachable(auth, id));
    },

    /** `GET /recovery-tokens`: the family's own tokens, or the managers' filtered list. */
    async list(auth: AuthContext, query: RecoveryTokenListQuery): Promise<RecoveryTokenList> {
      const { page, pageSize } = query;
      if (isFamilyAccount(auth.actor)) {
        const { organizationId, familyId } = familyOf(auth);
        const { items, total } = await repository.list(
          organizationId,
          { familyId, status: query.status, memberId: query.memberId },
          page,
          pageSize,
        );
        return { items: items.map(toRecoveryTokenDto), total, page, pageSize };
      }
      if (!isAtLeastEstManager(auth.actor)) throw new AppError('forbidden');
      const { items, total } = await repository.list(
        auth.organizationId,
        {
          status: query.status,
          origin: query.origin,
          blueprintId: query.blueprintId,
          memberId: query.memberId,
          establishmentId: establishmentScope(auth),
        },
        page,
        pageSize,
      );
      return { items: items.map(toRecoveryTokenDto), total, page, pageSize };
    },

    /** `POST /recovery-tokens`: a manager gives a member a token by hand, with its value and a note. */
    async issue(auth: AuthContext, input: IssueRecoveryTokenInput) {
      const organizationId = auth.organizationId;
      const scope = establishmentScope(auth);
      const member = await repository.member(organizationId, input.memberId);
      if (!member) throw new AppError('not_found');
      let blueprintId: string | null = null;
      if (input.blueprintId) {
        const blueprint = await repository.blueprint(organizationId, input.blueprintId);
        if (!blueprint || (scope !== null && blueprint.establishment_id !== scope)) {
          throw new AppError('not_found');
        }
        blueprintId = blueprint.id;
      } else if (scope !== null) {
        // An establishment manager's token belongs to an activity of their establishment.
        throw failure(
          'validation_failed',
          {
            fr: 'Choisissez une activité de votre établissement',
            en: 'Choose an activity of your establishment',
          },
          'blueprintId',
          'required',
        );
      }
      const settings = (await repository.settings(organizationId))!;
      const now = ctx.clock.now();
      const id = newId('rcv', now.getTime());
      const expiresAt = expiryOf(now, settings.recoveryValidityDays);
      await ctx.db.transaction(async (tx) => {
        const repo = createRecoveryRepository(tx);
        await repo.insertOnce({
          organizationId,
          id,
          memberId: member.id,
          familyId: member.family_id,
          origin: 'manual',
          originBlueprintId: blueprintId,
          valueCents: input.valueCents,
          status: 'available',
          expiresAt,
          note: input.note || null,
          createdByUserId: auth.userId,
          createdAt: now,
          updatedAt: now,
        });
        await ctx.audit.record(
          {
            organizationId,
            type: 'recovery-token-created',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'recovery-token',
            subjectId: id,
            data: { origin: 'manual', memberId: member.id, valueCents: input.valueCents },
          },
          tx,
        );
        await mailFamily(
          ctx,
          tx,
          organizationId,
          member.family_id,
          'recovery-token-created',
          recoveryMailFacts(ctx, settings, {
            origin: 'manual',
            valueCents: input.valueCents,
            expiresAt,
            memberFirstName: member.first_name,
            memberLastName: member.last_name,
            activityName: null,
            start: null,
          }),
          { inbox: { kind: 'recovery-token', eventKey: `recovery-token-created:${id}` } },
        );
      });
      return toRecoveryTokenDto((await repository.findView(organizationId, id))!);
    },

    /** `POST /recovery-tokens/{id}/extend`: a new expiry (an expired token becomes available again). */
    async extend(auth: AuthContext, id: string, expiresAtText: string) {
      await reachable(auth, id);
      const expiresAt = new Date(expiresAtText);
      const now = ctx.clock.now();
      if (expiresAt.getTime() <= now.getTime()) {
        throw failure('validation_failed', RECOVERY_MESSAGES.expiresInPast, 'expiresAt', 'future');
      }
      await ctx.db.transaction(async (tx) => {
        const repo = createRecoveryRepository(tx);
        const token = (await repo.lock(auth.organizationId, id))!;
        if (token.status !== 'available' && token.status !== 'expired') {
          throw refuse('recovery_token_not_available', 'id', 'status');
        }
        await repo.update(
          auth.organizationId,
          id,
          {
            status: 'available',
            expiresAt,
            // A new week-before reminder is due when the new expiry is further than a week away.
            reminderSentAt:
              expiresAt.getTime() - now.getTime() > REMINDER_BEFORE_MS ? null : token.reminderSentAt,
          },
          now,
        );
        await ctx.audit.record(
          {
            organizationId: auth.organizationId,
            type: 'recovery-token-extended',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'recovery-token',
            subjectId: id,
            data: { from: token.expiresAt.toISOString(), to: expiresAt.toISOString() },
          },
          tx,
        );
      });
      return toRecoveryTokenDto((await repository.findView(auth.organizationId, id))!);
    },

    /** `POST /recovery-tokens/{id}/cancel`: an available token is withdrawn, with the reason. */
    async cancel(auth: AuthContext, id: string, reason: string) {
      await reachable(auth, id);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        const repo = createRecoveryRepository(tx);
        const token = (await repo.lock(auth.organizationId, id))!;
        if (token.status !== 'available') throw refuse('recovery_token_not_available', 'id', 'status');
        await repo.update(
          auth.organizationId,
          id,
          { status: 'cancelled', cancelledAt: now, cancelReason: reason },
          now,
        );
        await ctx.audit.record(
          {
            organizationId: auth.organizationId,
            type: 'recovery-token-cancelled',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'recovery-token',
            subjectId: id,
            data: { reason },
          },
          tx,
        );
      });
      return toRecoveryTokenDto((await repository.findView(auth.organizationId, id))!);
    },

    /**
     * `GET /recovery-tokens/{id}/sessions`: the sessions the family's token may take, soonest first:
     * the token's rules (recovery.rules.ts) and the registrations' (age, overlap, already registered).
     */
    async sessions(auth: AuthContext, id: string, locale: Locale): Promise<RecoverySession[]> {
      const { organizationId, familyId } = familyOf(auth);
      const token = await reachable(auth, id);
      const now = ctx.clock.now();
      if (token.status !== 'available' || hasExpired(token, now)) return [];
      const settings = (await repository.settings(organizationId))!;
      const scope = scopeOf(settings.recoveryScope);
      const rows = await repository.candidates(organizationId, {
        now,
        until: token.expiresAt,
        blueprintId: scope === 'same-activity' ? token.originBlueprintId : null,
        establishmentId: scope === 'same-establishment' ? token.originEstablishmentId : null,
        limit: MAX_LOOKED_AT,
      });
      const offered: RecoverySession[] = [];
      for (const row of rows) {
        if (offered.length >= MAX_OFFERED) break;
        if (row.id === token.originServiceId) continue;
        if (tokenSessionRefusal(token, candidateFacts(row), scope, now)) continue;
        const check = await checkEligibility(
          ctx,
          ctx.db,
          { organizationId, serviceId: row.id, memberId: token.memberId, familyId, locale },
          { skip: { visibility: true, opening: true, conditions: true }, now },
        );
        if (!check.ok) continue;
        offered.push({
          serviceId: row.id,
          blueprintId: row.blueprint_id,
          activityName: row.blueprint_name,
          colorCode: row.color_code,
          startDateTime: asDate(row.start_date_time).toISOString(),
          duration: row.duration,
          freeSeats: row.max_seats === -1 ? -1 : Math.max(row.max_seats - row.reserved_seats, 0),
        });
      }
      return offered;
    },

    /** `GET /recovery-tokens/outstanding`: available tokens and their value (accounting). */
    async outstanding(auth: AuthContext) {
      return repository.outstanding(auth.organizationId, establishmentScope(auth));
    },

    /** `GET /organizations/{id}/recovery-settings`. */
    async settings(auth: AuthContext, organizationId: string): Promise<RecoverySettings> {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      const row = (await repository.settings(organization.id))!;
      return {
        recoveryNoticeHours: row.recoveryNoticeHours,
        recoveryForAbsences: row.recoveryForAbsences,
        recoveryValidityDays: row.recoveryValidityDays,
        recoveryScope: scopeOf(row.recoveryScope),
        sessionCancellationCompensation: SESSION_CANCELLATION_COMPENSATIONS.is(
          row.sessionCancellationCompensation,
        )
          ? row.sessionCancellationCompensation
          : RECOVERY_DEFAULTS.sessionCancellationCompensation,
        refundOnlineOnCancellation: row.refundOnlineOnCancellation,
      };
    },

    /** `PATCH /organizations/{id}/recovery-settings`: what the payload gives, the rest unchanged. */
    async updateSettings(auth: AuthContext, organizationId: string, input: RecoverySettingsInput) {
      const organization = await reachableOrganization(ctx, auth, organizationId);
      const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      await repository.updateSettings(organization.id, fields);
      return this.settings(auth, organizationId);
    },
  };
}
