import {
  blueprintAgesInOrder,
  type BlueprintListQuery,
  type BlueprintSupplementInput,
  type CreateBlueprintInput,
  DEFAULT_ESTABLISHMENT_ID,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  message,
  type UpdateBlueprintInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { refused, AppError, type ErrorDetail } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { currentLocale } from '../../lib/request-context';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { type BlueprintListDto, toBlueprintDto, toBlueprintListItem } from './blueprints.dto';
import {
  type BlueprintRepository,
  type BlueprintRow,
  type BlueprintValues,
  createBlueprintRepository,
  type SupplementRow,
} from './blueprints.repository';

/*
 * Who sees an activity on the managing side:
 * - establishment managers only the activities of their establishment (others: 404);
 * - a hidden activity (a draft) only its creator and the organisation's managers (org-manager, admin,
 *   support, system administrator): an establishment manager does not see a colleague's draft;
 * - a holder may read (not list, not change) an activity they hold at least one session of.
 */

const invalid = (details: ErrorDetail[]) => new AppError('validation_failed', details);

const detail = (field: string, rule: string, text: string): ErrorDetail => ({ field, rule, message: text });

/** '' means "not given": stored as null. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** A foreign-key violation (e.g. a session created for the activity while it was being deleted). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

const hasSessionsConflict = () => refused('blueprint_has_sessions');

export function createBlueprintsService(ctx: AppContext) {
  const repository = createBlueprintRepository(ctx.db);

  /** Whether the caller may see this activity on the managing side (see the rules above). */
  function managerMaySee(auth: AuthContext, row: BlueprintRow): boolean {
    const scope = establishmentScope(auth);
    if (scope && row.establishmentId !== scope) return false;
    if (row.visibility === 'hidden' && !isAtLeastOrgManager(auth.actor)) {
      return row.createdByUserId === auth.userId;
    }
    return true;
  }

  /** The activity the caller may manage, locked for the transaction; 404 otherwise. */
  async function lockManaged(repo: BlueprintRepository, auth: AuthContext, id: string) {
    const row = await repo.lockById(auth.organizationId, id);
    if (!row || !isAtLeastEstManager(auth.actor) || !managerMaySee(auth, row))
      throw new AppError('not_found');
    return row;
  }

  /** An establishment manager creates and moves activities only within their establishment. */
  async function checkEstablishment(repo: BlueprintRepository, auth: AuthContext, establishmentId: string) {
    const scope = establishmentScope(auth);
    if (scope && establishmentId !== scope) throw new AppError('forbidden');
    if (!(await repo.establishmentExists(auth.organizationId, establishmentId))) {
      throw invalid([detail('establishmentId', 'unknown', message('unknownReference', currentLocale()))]);
    }
  }

  async function checkImage(
    repo: BlueprintRepository,
    auth: AuthContext,
    imageAssetId: string | null | undefined,
  ) {
    if (!imageAssetId) return;
    if (!(await repo.assetExists(auth.organizationId, imageAssetId))) {
      throw invalid([detail('imageAssetId', 'unknown', message('unknownReference', currentLocale()))]);
    }
  }

  /**
   * Replaces the activity's supplements by `input`, in order: entries with an id must be supplements of
   * this activity and are updated, the others are created, the missing ones deleted.
   */
  async function replaceSupplements(
    repo: BlueprintRepository,
    organizationId: string,
    blueprintId: string,
    input: BlueprintSupplementInput[],
    existing: SupplementRow[],
  ) {
    const known = new Set(existing.map((s) => s.id));
    const seen = new Set<string>();
    const errors: ErrorDetail[] = [];
    input.forEach((supplement, index) => {
      if (!supplement.id) return;
      if (!known.has(supplement.id) || seen.has(supplement.id)) {
        errors.push(
          detail(`supplements.${index}.id`, 'unknown', message('unknownReference', currentLocale())),
        );
      }
      seen.add(supplement.id);
    });
    if (errors.length > 0) throw invalid(errors);

    await repo.deleteSupplementsExcept(organizationId, blueprintId, [...seen]);
    const created: (ReturnType<typeof supplementValues> & { id: string })[] = [];
    for (const [index, supplement] of input.entries()) {
      const values = supplementValues(supplement, index);
      if (supplement.id) await repo.updateSupplement(organizationId, blueprintId, supplement.id, values);
      else created.push({ ...values, id: newId('sup') });
    }
    await repo.insertSupplements(organizationId, blueprintId, created);
  }

  async function dto(organizationId: string, id: string) {
    const row = await repository.findById(organizationId, id);
    if (!row) throw new AppError('not_found');
    return toBlueprintDto(row, await repository.supplementsOf(organizationId, id));
  }

  return {
    async list(auth: AuthContext, query: BlueprintListQuery): Promise<BlueprintListDto> {
      const { page, pageSize } = query;
      const organizationId = auth.organizationId;
      const { rows, total } = await repository.list(
        organizationId,
        {
          search: query.q,
          establishmentId: query.establishmentId,
          visibility: query.visibility,
          includeArchived: query.includeArchived,
          scopeEstablishmentId: establishmentScope(auth),
          hiddenOnlyForUserId: isAtLeastOrgManager(auth.actor) ? null : auth.userId,
        },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      const ids = rows.map((row) => row.blueprint.id);
      const supplementCounts = await repository.supplementCounts(organizationId, ids);
      const upcoming = await repository.upcomingSessions(organizationId, ids, ctx.clock.now());
      return {
        items: rows.map((row) =>
          toBlueprintListItem(row, {
            supplementsCount: supplementCounts.get(row.blueprint.id) ?? 0,
            nextSessionStart: upcoming.get(row.blueprint.id)?.next ?? null,
            futureSessionsCount: upcoming.get(row.blueprint.id)?.count ?? 0,
          }),
        ),
        total,
        page,
        pageSize,
      };
    },

    async get(auth: AuthContext, id: string) {
      const row = await repository.findById(auth.organizationId, id);
      if (!row) throw new AppError('not_found');
      const allowed = isAtLeastEstManager(auth.actor)
        ? managerMaySee(auth, row.blueprint)
        : await repository.holderHasPrestation(auth.organizationId, id, auth.userId);
      if (!allowed) throw new AppError('not_found');
      return toBlueprintDto(row, await repository.supplementsOf(auth.organizationId, id));
    },

    async create(auth: AuthContext, input: CreateBlueprintInput) {
      const id = newId('bp');
      const establishmentId = input.establishmentId ?? establishmentScope(auth) ?? DEFAULT_ESTABLISHMENT_ID;
      const withIds = input.supplements
        .map((s, index) =>
          s.id
            ? detail(`supplements.${index}.id`, 'unknown', message('unknownReference', currentLocale()))
            : null,
        )
        .filter((d): d is ErrorDetail => d !== null);
      if (withIds.length > 0) throw invalid(withIds);
      await ctx.db.transaction(async (tx) => {
        const repo = createBlueprintRepository(tx);
        await checkEstablishment(repo, auth, establishmentId);
        await checkImage(repo, auth, input.imageAssetId);
        await repo.insert(auth.organizationId, id, {
          ...blueprintValues(input),
          name: input.name,
          duration: input.duration,
          maxSeats: input.maxSeats,
          establishmentId,
          createdByUserId: auth.userId,
        });
        await repo.insertSupplements(
          auth.organizationId,
          id,
          input.supplements.map((s, index) => ({ ...supplementValues(s, index), id: newId('sup') })),
        );
      });
      return dto(auth.organizationId, id);
    },

    async update(auth: AuthContext, id: string, input: UpdateBlueprintInput) {
      await ctx.db.transaction(async (tx) => {
        const repo = createBlueprintRepository(tx);
        const current = await lockManaged(repo, auth, id);
        if (input.establishmentId !== undefined && input.establishmentId !== current.establishmentId) {
          await checkEstablishment(repo, auth, input.establishmentId);
        }
        if (input.imageAssetId !== current.imageAssetId) await checkImage(repo, auth, input.imageAssetId);
        checkAgainstStored(input, current);
        const values = blueprintValues(input);
        if (input.establishmentId !== undefined) values.establishmentId = input.establishmentId;
        await repo.update(auth.organizationId, id, values, ctx.clock.now());
        if (input.supplements) {
          const existing = await repo.supplementsOf(auth.organizationId, id);
          await replaceSupplements(repo, auth.organizationId, id, input.supplements, existing);
        }
      });
      return dto(auth.organizationId, id);
    },

    async setArchived(auth: AuthContext, id: string, archived: boolean) {
      await ctx.db.transaction(async (tx) => {
        const repo = createBlueprintRepository(tx);
        const current = await lockManaged(repo, auth, id);
        // Archiving twice keeps the first date.
        if (archived === (current.archivedAt !== null)) return;
        const now = ctx.clock.now();
        await repo.setArchivedAt(auth.organizationId, id, archived ? now : null, now);
      });
      return dto(auth.organizationId, id);
    },

    /** Deletes an activity that has never had sessions; once it has some, it can only be archived. */
    async delete(auth: AuthContext, id: string) {
      try {
        await ctx.db.transaction(async (tx) => {
          const repo = createBlueprintRepository(tx);
          await lockManaged(repo, auth, id);
          if (await repo.hasSessions(auth.organizationId, id)) throw hasSessionsConflict();
          await repo.delete(auth.organizationId, id);
        });
      } catch (error) {
        throw isForeignKeyViolation(error) ? hasSessionsConflict() : error;
      }
    },
  };
}

/** The columns of the blueprint fields present in `input` (blank optional texts stored as null). */
function blueprintValues(input: UpdateBlueprintInput): BlueprintValues {
  const values: BlueprintValues = {
    name: input.name,
    description: blankToNull(input.description),
    privateDescription: blankToNull(input.privateDescription),
    imageAssetId: blankToNull(input.imageAssetId),
    duration: input.duration,
    price: input.price,
    taxPercentage: input.taxPercentage,
    maxSeats: input.maxSeats,
    colorCode: input.colorCode,
    locationType: input.locationType,
    location: blankToNull(input.location),
    onlineLocation: blankToNull(input.onlineLocation),
    minAge: input.minAge,
    maxAge: input.maxAge,
    visibility: input.visibility,
  };
  for (const key of Object.keys(values) as (keyof BlueprintValues)[]) {
    if (values[key] === undefined) delete values[key];
  }
  return values;
}

function supplementValues(input: BlueprintSupplementInput, position: number) {
  return {
    name: input.name,
    price: input.price,
    minAge: input.minAge ?? null,
    maxAge: input.maxAge ?? null,
    frequency: input.frequency ?? 'once',
    position,
  };
}

/**
 * The cross-field rules when the payload changes only one side of them: the age range against the stored
 * other age, and an online activity's address against the stored type or address.
 */
function checkAgainstStored(input: UpdateBlueprintInput, current: BlueprintRow) {
  const locale = currentLocale();
  const errors: ErrorDetail[] = [];
  if (input.minAge !== undefined || input.maxAge !== undefined) {
    const minAge = input.minAge !== undefined ? input.minAge : current.minAge;
    const maxAge = input.maxAge !== undefined ? input.maxAge : current.maxAge;
    if (!blueprintAgesInOrder(minAge, maxAge))
      errors.push(detail('minAge', 'custom', message('ageMinMax', locale)));
  }
  if (input.locationType !== undefined || input.onlineLocation !== undefined) {
    const locationType = input.locationType ?? current.locationType;
    const onlineLocation = input.onlineLocation !== undefined ? input.onlineLocation : current.onlineLocation;
    if (locationType === 'online' && !onlineLocation) {
      errors.push(detail('onlineLocation', 'custom', message('required', locale)));
    }
  }
  if (errors.length > 0) throw invalid(errors);
}
