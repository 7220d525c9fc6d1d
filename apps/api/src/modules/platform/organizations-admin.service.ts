import {
  type ChangeLicencePlanInput,
  LICENCE_PLANS,
  type LicencePlan,
  organizationState,
  type PlatformOrganizationListQuery,
  type PlatformOrganizationOverview,
  type PlatformOrganizationPage,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import type { AuditEntry } from '../audit/audit.writer';
import { createHandoffCodeService } from '../auth/handoff-codes.service';
import { createLicenceRepository, type Licence } from '../licences/licence.repository';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createOrganizationsAdminRepository } from './organizations-admin.repository';
import { decideStateChange, platformRight, type StateAction } from './organizations-admin.rules';

/** Where an action came from, for its audit event. */
export interface ActionMeta {
  ip: string;
  requestId: string;
}

const iso = (d: Date | string | null | undefined): string | null =>
  d ? (d instanceof Date ? d : new Date(d)).toISOString() : null;

const planOrNull = (key: string | null): LicencePlan | null => (LICENCE_PLANS.is(key) ? key : null);

const licenceDto = (l: Licence) => ({
  id: l.id,
  planKey: l.planKey,
  startsAt: l.startsAt.toISOString(),
  endsAt: iso(l.endsAt),
  endedAt: iso(l.endedAt),
});

const AUDIT_OF_ACTION: Record<StateAction, AuditEntry['type']> = {
  archive: 'organization-archived',
  unarchive: 'organization-unarchived',
  'maintenance-on': 'organization-maintenance-started',
  'maintenance-off': 'organization-maintenance-ended',
};

/**
 * The organisations administration of the platform staff (`/organizations-list`, `/organizations/{id}`):
 * system administrators and support read; system administrators archive, put in maintenance and change
 * the licence plan, each change audited in the organisation's trail.
 */
export function createOrganizationsAdminService(ctx: AppContext) {
  const admin = createOrganizationsAdminRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  function requireRight(auth: AuthContext, needed: 'read' | 'act'): void {
    const right = platformRight(auth.homeOrganizationId, auth.actor);
    if (!right || (needed === 'act' && right !== 'act')) throw new AppError('forbidden');
  }

  async function list(
    auth: AuthContext,
    query: PlatformOrganizationListQuery,
  ): Promise<PlatformOrganizationPage> {
    requireRight(auth, 'read');
    const rows = await admin.list(query, ctx.clock.now());
    return {
      items: rows.map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        isSystem: row.is_system,
        state: organizationState({ maintenance: row.maintenance, archivedAt: row.archived_at }),
        planKey: planOrNull(row.plan_key),
        licenceEndsAt: iso(row.licence_ends_at),
        members: Number(row.members),
        confirmedParticipantsThisMonth: Number(row.confirmed_this_month),
        lastActivityAt: iso(row.last_activity_at),
        createdAt: iso(row.created_at)!,
      })),
      // An empty page past the end still says how many there are, so the table can offer the way back.
      total: rows[0] ? Number(rows[0].total) : query.page > 1 ? await countAll(query) : 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function countAll(query: PlatformOrganizationListQuery): Promise<number> {
    const [first] = await admin.list({ ...query, page: 1, pageSize: 1 }, ctx.clock.now());
    return first ? Number(first.total) : 0;
  }

  async function overview(auth: AuthContext, organizationId: string): Promise<PlatformOrganizationOverview> {
    requireRight(auth, 'read');
    const row = await organizations.findById(organizationId);
    if (!row) throw new AppError('not_found');
    const licences = createLicenceRepository(ctx.db);
    const now = ctx.clock.now();
    const [history, usage, administrators, stats] = await Promise.all([
      licences.history(row.id),
      admin.usage(row.id, now),
      admin.administrators(row.id),
      admin.stats(row.id),
    ]);
    const current = history.find((l) => l.endedAt === null) ?? null;
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      isSystem: row.isSystem,
      state: organizationState(row),
      maintenance: row.maintenance,
      archivedAt: iso(row.archivedAt),
      timeZone: row.timeZone,
      defaultLocale: row.defaultLocale,
      contactEmail: row.contactEmail,
      contactPhone: row.contactPhone,
      createdAt: row.createdAt.toISOString(),
      lastActivityAt: iso(stats.lastActivityAt),
      billing: {
        email: row.billingEmail,
        phone: row.billingPhone,
        address: row.billingAddress,
        city: row.billingCity,
        postalCode: row.billingPostalCode,
        country: row.billingCountry,
        vatNumber: row.vatNumber,
        vatRegime: row.vatRegime,
      },
      licence: current ? licenceDto(current) : null,
      licenceHistory: history.map(licenceDto),
      usage: usage.map((u) => ({
        month: u.month,
        confirmedParticipants: Number(u.confirmed_participants),
        ordersTotalCents: Number(u.orders_total_cents),
      })),
      administrators: administrators.map((a) => ({
        userId: a.user_id,
        name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim() || a.email,
        email: a.email,
        role: a.role,
      })),
      members: stats.members,
      canAct: platformRight(auth.homeOrganizationId, auth.actor) === 'act',
    };
  }

  /** Archive, unarchive, maintenance on or off: idempotent, refused on the system organisation. */
  async function changeState(
    auth: AuthContext,
    organizationId: string,
    action: StateAction,
    meta: ActionMeta,
  ): Promise<PlatformOrganizationOverview> {
    requireRight(auth, 'act');
    await ctx.db.transaction(async (tx) => {
      const repository = createOrganizationsAdminRepository(tx);
      const row = await createOrganizationRepository(tx).findById(organizationId);
      const locked = row ? await repository.lock(organizationId) : undefined;
      if (!row || !locked) throw new AppError('not_found');
      const decision = decideStateChange(
        { isSystem: row.isSystem, maintenance: locked.maintenance, archived: locked.archived_at !== null },
        action,
      );
      if ('refusal' in decision) throw new AppError(decision.refusal);
      if (!decision.changes) return;
      const now = ctx.clock.now();
      await repository.setState(
        organizationId,
        action === 'archive' || action === 'unarchive'
          ? { archivedAt: action === 'archive' ? now : null }
          : { maintenance: action === 'maintenance-on' },
        now,
      );
      await repository.notifyStateChanged(organizationId);
      const before = organizationState({ maintenance: locked.maintenance, archivedAt: locked.archived_at });
      await ctx.audit.record(
        {
          organizationId,
          type: AUDIT_OF_ACTION[action],
          actorUserId: auth.userId,
          subjectType: 'organization',
          subjectId: organizationId,
          data: { before, by: auth.homeOrganizationId },
          requestId: meta.requestId,
          ip: meta.ip,
        },
        tx,
      );
    });
    return overview(auth, organizationId);
  }

  /** Moves the organisation to `planKey` now: the current licence ends, a new one starts. */
  async function changePlan(
    auth: AuthContext,
    organizationId: string,
    input: ChangeLicencePlanInput,
    meta: ActionMeta,
  ): Promise<PlatformOrganizationOverview> {
    requireRight(auth, 'act');
    await ctx.db.transaction(async (tx) => {
      const row = await createOrganizationRepository(tx).findById(organizationId);
      if (!row || !(await createOrganizationsAdminRepository(tx).lock(organizationId))) {
        throw new AppError('not_found');
      }
      const licences = createLicenceRepository(tx);
      const plan = await licences.pricingPlan(input.planKey);
      if (!plan) throw new AppError('not_found');
      const current = await licences.current(organizationId);
      if (current?.planKey === plan.key) throw new AppError('licence_plan_unchanged');
      const licence = await licences.start(organizationId, plan, ctx.clock.now(), auth.userId);
      await ctx.audit.record(
        {
          organizationId,
          type: 'licence-plan-changed',
          actorUserId: auth.userId,
          subjectType: 'licence',
          subjectId: licence.id,
          data: { from: current?.planKey ?? null, to: plan.key },
          requestId: meta.requestId,
          ip: meta.ip,
        },
        tx,
      );
    });
    return overview(auth, organizationId);
  }

  /**
   * « Ouvrir l'espace »: a single-use, 60-second code that signs this staff account in on the club's
   * subdomain (sessions live in each subdomain's own storage, so the platform's cannot be carried over),
   * audited in the club's trail. Archived and in-maintenance clubs too: staff still work there.
   */
  async function enter(
    auth: AuthContext,
    organizationId: string,
    meta: ActionMeta,
  ): Promise<{ organizationId: string; organizationKey: string; handoffCode: string }> {
    requireRight(auth, 'read');
    return ctx.db.transaction(async (tx) => {
      const row = await createOrganizationRepository(tx).findById(organizationId);
      if (!row || row.isSystem) throw new AppError('not_found');
      const handoffCode = await createHandoffCodeService(ctx).issue(
        tx,
        { organizationId: auth.homeOrganizationId, id: auth.userId },
        organizationId,
      );
      await ctx.audit.record(
        {
          organizationId,
          type: 'organization-entered',
          actorUserId: auth.userId,
          subjectType: 'organization',
          subjectId: organizationId,
          data: { by: auth.homeOrganizationId },
          requestId: meta.requestId,
          ip: meta.ip,
        },
        tx,
      );
      return { organizationId, organizationKey: row.key, handoffCode };
    });
  }

  return { list, overview, changeState, changePlan, enter };
}
