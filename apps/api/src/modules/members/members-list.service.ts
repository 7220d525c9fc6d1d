import {
  formatDateTime,
  type Locale,
  MEMBER_EXPORT_MAX_ROWS,
  type MemberExportQuery,
  type MemberListQuery,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { csvLine, CSV_BOM } from '../../lib/csv';
import { type MemberListItemDto, toMemberListItemDto } from './members.dto';
import { createMembersRepository, type MemberFilter, type MemberListRow } from './members.repository';

/** Rows fetched per query while building an export. */
const EXPORT_CHUNK = 1_000;

export interface CsvExport {
  body: string;
  filename: string;
  /** More accounts matched than an export holds. */
  truncated: boolean;
}

/** The caller's organisation (its time zone dates the lists, the export and a member's page). */
export async function organizationOf(ctx: AppContext, auth: AuthContext) {
  const organization = await createOrganizationRepository(ctx.db).findById(auth.organizationId);
  if (!organization) throw new AppError('organization_not_found');
  return organization;
}

/** The members list and its CSV export, with the same filters; an establishment manager sees their establishment's only. */
export function createMembersListService(ctx: AppContext) {
  const repository = createMembersRepository(ctx.db);

  const filterOf = (auth: AuthContext, query: MemberExportQuery): MemberFilter => ({
    kind: query.kind,
    q: query.q,
    establishmentId: query.establishmentId,
    scopeEstablishmentId: establishmentScope(auth),
    role: query.role,
  });

  async function toItems(
    auth: AuthContext,
    rows: MemberListRow[],
    query: MemberExportQuery,
    locale: Locale,
  ): Promise<MemberListItemDto[]> {
    const sizes = await repository.familySizes(
      auth.organizationId,
      rows.map((row) => row.familyId),
    );
    return rows.map((row) => toMemberListItemDto(row, sizes.get(row.familyId) ?? 0, query.kind, locale));
  }

  return {
    async list(auth: AuthContext, query: MemberListQuery, locale: Locale) {
      const { rows, total, capped, nextCursor } = await repository.list(
        auth.organizationId,
        filterOf(auth, query),
        { sort: query.sort, order: query.order },
        query.after !== undefined
          ? { limit: query.pageSize, after: query.after }
          : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: await toItems(auth, rows, query, locale),
        total,
        page: query.page,
        pageSize: query.pageSize,
        nextCursor,
        totalCapped: capped,
      };
    },

    /**
     * The list as CSV, built a chunk of rows at a time (each chunk: its rows and their family sizes), at
     * most `MEMBER_EXPORT_MAX_ROWS` rows. Headers in French, dates in the organisation's time zone.
     */
    async exportCsv(auth: AuthContext, query: MemberExportQuery): Promise<CsvExport> {
      const organization = await organizationOf(ctx, auth);
      const filter = filterOf(auth, query);
      const sorting = { sort: query.sort, order: query.order };
      const when = (value: string | null) =>
        value ? formatDateTime(value, organization.timeZone, 'fr') : '';
      const parts: string[] = [
        CSV_BOM,
        csvLine([
          'Prénom',
          'Nom',
          'E-mail',
          'Téléphone',
          'Établissement',
          'Rôle',
          'Titulaire',
          'Membres de la famille',
          'Dernière connexion',
          'Créé le',
        ]),
      ];
      let offset = 0;
      let truncated = false;
      for (;;) {
        const wanted = Math.min(EXPORT_CHUNK, MEMBER_EXPORT_MAX_ROWS - offset);
        const last = offset + wanted >= MEMBER_EXPORT_MAX_ROWS;
        // On the last allowed chunk, one more row tells whether the export was cut.
        const rows = await repository.rows(auth.organizationId, filter, sorting, {
          limit: wanted + (last ? 1 : 0),
          offset,
        });
        if (rows.length > wanted) {
          truncated = true;
          rows.length = wanted;
        }
        const items = await toItems(auth, rows, query, 'fr');
        items.forEach((item, index) => {
          parts.push(
            csvLine([
              item.firstName,
              item.lastName,
              item.email,
              rows[index]!.phoneNumber,
              item.establishment.name,
              item.roleLabel,
              item.isHolder ? 'Oui' : 'Non',
              item.familySize,
              when(item.lastLoginAt),
              when(item.createdAt),
            ]),
          );
        });
        offset += rows.length;
        if (rows.length < wanted || last) break;
      }
      const day = formatDateTime(ctx.clock.now(), organization.timeZone, 'fr').slice(0, 10);
      const [dd, mm, yyyy] = day.split('/');
      return { body: parts.join(''), filename: `membres-${yyyy}-${mm}-${dd}.csv`, truncated };
    },
  };
}
