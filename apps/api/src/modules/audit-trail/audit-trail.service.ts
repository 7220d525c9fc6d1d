import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEventExportQuery,
  type AuditEventListQuery,
  formatDateTime,
  type Locale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { CSV_BOM, csvLine } from '../../lib/csv';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { toAuditEventItem } from './audit-trail.dto';
import { type AuditFilter, createAuditTrailRepository } from './audit-trail.repository';

/** Rows read per query while building an export. */
const EXPORT_CHUNK = 1_000;

/**
 * The audit trail for managers: an establishment manager sees the events of their establishment, an
 * organisation manager (or system staff acting in the organisation) all of them.
 */
export function createAuditTrailService(ctx: AppContext) {
  const repository = createAuditTrailRepository(ctx.db);

  async function organizationOf(auth: AuthContext) {
    const organization = await createOrganizationRepository(ctx.db).findById(auth.organizationId);
    if (!organization) throw new AppError('organization_not_found');
    return organization;
  }

  const filterOf = (auth: AuthContext, query: AuditEventExportQuery, timeZone: string): AuditFilter => ({
    type: query.type,
    actorUserId: query.actorUserId,
    subjectType: query.subjectType,
    subjectId: query.subjectType ? query.subjectId : undefined,
    from: query.from,
    to: query.to,
    timeZone,
    establishmentId: establishmentScope(auth),
  });

  return {
    async list(auth: AuthContext, query: AuditEventListQuery, locale: Locale) {
      const organization = await organizationOf(auth);
      const { rows, total } = await repository.list(
        auth.organizationId,
        filterOf(auth, query, organization.timeZone),
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: rows.map((row) => toAuditEventItem(row, locale)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The list as CSV (French headers, the organisation's time), at most `AUDIT_EXPORT_MAX_ROWS` rows. */
    async exportCsv(auth: AuthContext, query: AuditEventExportQuery) {
      const organization = await organizationOf(auth);
      const filter = filterOf(auth, query, organization.timeZone);
      const parts = [
        CSV_BOM,
        csvLine([
          'Date',
          'Événement',
          'Code',
          'Auteur',
          'Pour le compte de',
          'Sujet',
          'Type de sujet',
          'Identifiant du sujet',
        ]),
      ];
      let offset = 0;
      let truncated = false;
      for (;;) {
        const wanted = Math.min(EXPORT_CHUNK, AUDIT_EXPORT_MAX_ROWS - offset);
        const last = offset + wanted >= AUDIT_EXPORT_MAX_ROWS;
        // On the last allowed chunk, one more row tells whether the export was cut.
        const rows = await repository.rows(auth.organizationId, filter, {
          limit: wanted + (last ? 1 : 0),
          offset,
        });
        if (rows.length > wanted) {
          truncated = true;
          rows.length = wanted;
        }
        for (const row of rows) {
          const item = toAuditEventItem(row, 'fr');
          parts.push(
            csvLine([
              formatDateTime(item.createdAt, organization.timeZone, 'fr'),
              item.typeLabel,
              item.type,
              item.actor?.name,
              item.impersonator?.name,
              item.subject?.label,
              item.subject?.type,
              item.subject?.id,
            ]),
          );
        }
        offset += rows.length;
        if (rows.length < wanted || last) break;
      }
      const [dd, mm, yyyy] = formatDateTime(ctx.clock.now(), organization.timeZone, 'fr')
        .slice(0, 10)
        .split('/');
      return { body: parts.join(''), filename: `journal-${yyyy}-${mm}-${dd}.csv`, truncated };
    },
  };
}
