import {
  DEFAULT_ESTABLISHMENT_ID,
  type EstablishmentInput,
  type EstablishmentListQuery,
  type Locale,
  LOCALES,
  type UpdateEstablishmentInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError, refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope, isSystemStaff } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import {
  type EstablishmentDto,
  type PublicEstablishmentDto,
  toEstablishmentDto,
  toPublicEstablishmentDto,
} from './establishments.dto';
import {
  createEstablishmentRepository,
  type EstablishmentFields,
  type EstablishmentUsage,
  type EstablishmentWithZone,
} from './establishments.repository';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** '' and null clear an optional field; undefined leaves it as it is. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

function toFields(input: Partial<EstablishmentInput>): EstablishmentFields {
  const fields: EstablishmentFields = {
    name: input.name,
    address: blankToNull(input.address),
    city: blankToNull(input.city),
    postalCode: blankToNull(input.postalCode),
    country: blankToNull(input.country),
    contactEmail: blankToNull(input.contactEmail && input.contactEmail.toLowerCase()),
    contactPhone: blankToNull(input.contactPhone),
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as EstablishmentFields;
}

const USE_LABELS: Record<keyof EstablishmentUsage, Record<Locale, string>> = {
  blueprints: { fr: 'des activités', en: 'activities' },
  periods: { fr: 'des périodes', en: 'periods' },
  users: { fr: 'des utilisateurs', en: 'users' },
};

/** 'des activités, des périodes et des utilisateurs' in each language. */
function usesOf(usage: EstablishmentUsage): Record<Locale, string> {
  const kinds = (Object.keys(USE_LABELS) as (keyof EstablishmentUsage)[]).filter((kind) => usage[kind]);
  const entries = LOCALES.map((locale) => {
    const labels = kinds.map((kind) => USE_LABELS[kind][locale]);
    const and = locale === 'fr' ? ' et ' : ' and ';
    return [
      locale,
      labels.length > 1 ? `${labels.slice(0, -1).join(', ')}${and}${labels.at(-1)}` : labels[0]!,
    ];
  });
  return Object.fromEntries(entries) as Record<Locale, string>;
}

const inUse = (usage: EstablishmentUsage) => refused('establishment_in_use', { uses: usesOf(usage) });

/** Whether a database error (possibly wrapped by drizzle) is a foreign key violation. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

/**
 * Establishments of an organisation. Everyone signed in reads them (the catalogue filters by them); an
 * establishment manager only sees and edits their own; organisation managers create and delete them.
 */
export function createEstablishmentsService(ctx: AppContext) {
  const repository = createEstablishmentRepository(ctx.db);
  const organizations = createOrganizationRepository(ctx.db);

  async function page(
    organizationId: string,
    scope: string | null,
    query: EstablishmentListQuery,
  ): Promise<Page<EstablishmentWithZone>> {
    const { rows, total } = await repository.list(
      organizationId,
      { establishmentId: scope, q: query.q },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return { items: rows, total, page: query.page, pageSize: query.pageSize };
  }

  async function withCounts(
    organizationId: string,
    result: Page<EstablishmentWithZone>,
  ): Promise<Page<EstablishmentDto>> {
    const counts = await repository.countActivities(
      organizationId,
      result.items.map((row) => row.id),
    );
    return { ...result, items: result.items.map((row) => toEstablishmentDto(row, counts.get(row.id) ?? 0)) };
  }

  async function toDto(organizationId: string, row: EstablishmentWithZone): Promise<EstablishmentDto> {
    const counts = await repository.countActivities(organizationId, [row.id]);
    return toEstablishmentDto(row, counts.get(row.id) ?? 0);
  }

  /**
   * The organisation `organizationId` names for this caller: the acting one, or (system staff only)
   * any existing one. Anything else answers `otherwise`.
   */
  async function reachableOrganization(
    auth: AuthContext,
    organizationId: string,
    otherwise: () => AppError,
  ): Promise<string> {
    if (organizationId === auth.organizationId) return organizationId;
    if (!isSystemStaff(auth.homeOrganizationId, auth.actor)) throw otherwise();
    if (!(await organizations.findById(organizationId))) throw new AppError('organization_not_found');
    return organizationId;
  }

  /** The scope of the caller inside `organizationId`: an establishment manager's own establishment. */
  const scopeIn = (auth: AuthContext, organizationId: string) =>
    organizationId === auth.organizationId ? establishmentScope(auth) : null;

  /** An establishment the caller may see, or 404. */
  async function visible(auth: AuthContext, organizationId: string, id: string) {
    const scope = scopeIn(auth, organizationId);
    if (scope && scope !== id) throw new AppError('not_found');
    const row = await repository.findById(organizationId, id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    /** `GET /establishments`: the acting organisation's, or another one named by system staff. */
    async list(auth: AuthContext, query: EstablishmentListQuery & { organizationId?: string }) {
      const organizationId = query.organizationId
        ? await reachableOrganization(auth, query.organizationId, () => new AppError('forbidden'))
        : auth.organizationId;
      return withCounts(organizationId, await page(organizationId, scopeIn(auth, organizationId), query));
    },

    /** `GET /organizations/{id}/establishments`: another organisation than the acting one is 404. */
    async listOfOrganization(auth: AuthContext, organizationId: string, query: EstablishmentListQuery) {
      const id = await reachableOrganization(auth, organizationId, () => new AppError('not_found'));
      return withCounts(id, await page(id, scopeIn(auth, id), query));
    },

    async getOfOrganization(auth: AuthContext, organizationId: string, establishmentId: string) {
      const id = await reachableOrganization(auth, organizationId, () => new AppError('not_found'));
      return toDto(id, await visible(auth, id, establishmentId));
    },

    async get(auth: AuthContext, id: string): Promise<EstablishmentDto> {
      return toDto(auth.organizationId, await visible(auth, auth.organizationId, id));
    },

    /** The public list of an organisation resolved from the request (no sign-in). */
    async listPublic(
      organizationId: string,
      query: EstablishmentListQuery,
    ): Promise<Page<PublicEstablishmentDto>> {
      const result = await page(organizationId, null, query);
      return { ...result, items: result.items.map(toPublicEstablishmentDto) };
    },

    async create(auth: AuthContext, input: EstablishmentInput): Promise<EstablishmentDto> {
      const id = newId('est', ctx.clock.now().getTime());
      await repository.insert(auth.organizationId, id, { ...toFields(input), name: input.name });
      return toDto(auth.organizationId, (await repository.findById(auth.organizationId, id))!);
    },

    /** Organisation managers edit any establishment; an establishment manager only their own. */
    async update(auth: AuthContext, id: string, input: UpdateEstablishmentInput): Promise<EstablishmentDto> {
      await visible(auth, auth.organizationId, id);
      const changed = await repository.update(auth.organizationId, id, toFields(input), ctx.clock.now());
      if (!changed) throw new AppError('not_found');
      return toDto(auth.organizationId, (await repository.findById(auth.organizationId, id))!);
    },

    /** Refused for `est_default` and for an establishment still referenced (409, saying why). */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const organizationId = auth.organizationId;
      const row = await visible(auth, organizationId, id);
      if (row.id === DEFAULT_ESTABLISHMENT_ID) {
        throw refused('default_establishment_undeletable');
      }
      await ctx.db
        .transaction(async (tx) => {
          const establishments = createEstablishmentRepository(tx);
          if (!(await establishments.lock(organizationId, id))) throw new AppError('not_found');
          const usage = await establishments.usage(organizationId, id);
          if (usage.blueprints || usage.periods || usage.users) {
            throw inUse(usage);
          }
          await establishments.delete(organizationId, id);
        })
        .catch(async (error: unknown) => {
          if (!isForeignKeyViolation(error)) throw error;
          // A reference added by a concurrent request between the check and the delete.
          const usage = await repository.usage(organizationId, id);
          const known = usage.blueprints || usage.periods || usage.users;
          throw inUse(known ? usage : { blueprints: true, periods: true, users: true });
        });
    },
  };
}
