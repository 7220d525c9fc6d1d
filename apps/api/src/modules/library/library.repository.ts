import type { DocumentKind, DocumentOrigin, LegalDocumentKind } from '@inscrio/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { documents, organizations } from '../../db/schema';

/** Who is looking: a family sees its own documents and the published legal ones; managers see more. */
export type Viewer =
  | { kind: 'family'; familyId: string }
  | {
      kind: 'manager';
      /** An establishment manager's establishment: only its stored documents (and the legal ones). */
      establishmentId: string | null;
      /** Whether the invoices, credit notes and orders are the viewer's to see (accounting right). */
      billing: boolean;
    };

export interface ListFilters {
  kind?: DocumentKind;
  origin?: DocumentOrigin;
  memberId?: string;
  periodId?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** One row of the list, as the union query returns it (snake case, dates as the driver gives them). */
export interface ListedRow {
  source: 'stored' | 'invoice' | 'credit-note' | 'order';
  id: string;
  kind: DocumentKind;
  title: string;
  number: string | null;
  date: Date | string;
  status: string;
  progress_done: number | null;
  progress_total: number | null;
  byte_size: number | string | null;
  member_id: string | null;
  member_name: string | null;
  version: number | null;
  published_at: Date | string | null;
  failure_reason: string | null;
  file_name: string | null;
  total: number | string;
}

const LEGAL = sql`('legal.roi', 'legal.mentions', 'legal.other')`;

/** A member's name (null when the row names none). */
const memberName = (memberId: SQL) =>
  sql`(select nullif(trim(m.first_name || ' ' || m.last_name), '') from members m
        where m.organization_id = ${sql.raw('x.organization_id')} and m.id = ${memberId})`;

/**
 * The documents list across kinds: stored documents (legal uploads, certificates, reports) and the billing
 * documents read from their own tables, in one UNION ALL ordered by date, paged, with the total counted in
 * the same statement. Every branch is scoped by the organisation and by the viewer.
 */
export function createLibraryRepository(db: Executor) {
  async function list(organizationId: string, viewer: Viewer, filters: ListFilters): Promise<ListedRow[]> {
    const family = viewer.kind === 'family' ? viewer.familyId : null;
    const wantsBilling = viewer.kind === 'family' || viewer.billing;
    const kindIs = (kinds: DocumentKind[]) => !filters.kind || kinds.includes(filters.kind);

    const storedWhere: SQL[] = [sql`d.organization_id = ${organizationId}`];
    if (family !== null) {
      // The family's own ready documents, and the legal documents in force (the latest of each ROI and
      // legal mentions, every published « other »).
      storedWhere.push(sql`(
        (d.family_id = ${family} and d.status = 'ready')
        or (d.kind in ${LEGAL} and d.published_at is not null and (d.kind = 'legal.other' or d.published_at = (
          select max(d2.published_at) from documents d2
          where d2.organization_id = d.organization_id and d2.kind = d.kind)))
      )`);
    } else if (viewer.kind === 'manager' && viewer.establishmentId !== null) {
      storedWhere.push(sql`(d.establishment_id = ${viewer.establishmentId}
        or (d.kind in ${LEGAL} and d.establishment_id is null))`);
    }
    if (filters.kind) storedWhere.push(sql`d.kind = ${filters.kind}`);
    if (filters.origin === 'uploaded') storedWhere.push(sql`d.kind in ${LEGAL}`);
    if (filters.origin === 'generated') storedWhere.push(sql`d.kind not in ${LEGAL}`);
    if (filters.memberId) storedWhere.push(sql`d.member_id = ${filters.memberId}`);
    if (filters.periodId) storedWhere.push(sql`d.period_id = ${filters.periodId}`);
    if (filters.from) storedWhere.push(sql`coalesce(d.published_at, d.created_at) >= ${filters.from}::date`);
    if (filters.to) storedWhere.push(sql`coalesce(d.published_at, d.created_at) < ${filters.to}::date + 1`);

    // The member name subquery reads `x.organization_id`: each branch names its table `x`.
    const branches: SQL[] = [];
    branches.push(sql`select 'stored' as source, x.id, x.kind, x.title, null::text as number,
          coalesce(x.published_at, x.created_at) as date, x.status, x.progress_done, x.progress_total,
          x.byte_size, x.member_id, ${memberName(sql`x.member_id`)} as member_name, x.version, x.published_at,
          x.failure_reason, x.file_name
        from documents x
        where x.organization_id = ${organizationId} and x.id in (
          select d.id from documents d where ${and(...storedWhere)})`);

    const billingAllowed = wantsBilling && filters.origin !== 'uploaded';
    const billingWhere = (alias: 'i' | 'o', dateColumn: SQL): SQL[] => {
      const where: SQL[] = [sql`${sql.raw(alias)}.organization_id = ${organizationId}`];
      if (family !== null) where.push(sql`${sql.raw(alias)}.family_id = ${family}`);
      if (filters.from) where.push(sql`${dateColumn} >= ${filters.from}::date`);
      if (filters.to) where.push(sql`${dateColumn} < ${filters.to}::date + 1`);
      const orderId = alias === 'i' ? sql`i.order_id` : sql`o.id`;
      if (filters.memberId) {
        where.push(sql`(${alias === 'i' ? sql`i.member_id = ${filters.memberId} or ` : sql``}exists (
          select 1 from order_lines ol where ol.organization_id = ${organizationId}
            and ol.order_id = ${orderId} and ol.member_id = ${filters.memberId}))`);
      }
      if (filters.periodId) {
        where.push(sql`exists (select 1 from order_lines ol join services s
            on s.organization_id = ol.organization_id and s.id = ol.service_id
          where ol.organization_id = ${organizationId} and ol.order_id = ${orderId}
            and s.period_id = ${filters.periodId})`);
      }
      return where;
    };

    if (billingAllowed && kindIs(['billing.invoice'])) {
      branches.push(sql`select 'invoice' as source, x.id, 'billing.invoice' as kind, x.number as title,
            x.number, (x.issue_date::timestamp at time zone 'UTC') as date, 'ready' as status,
            null::integer as progress_done, null::integer as progress_total, null::bigint as byte_size,
            x.member_id, ${memberName(sql`x.member_id`)} as member_name, null::integer as version,
            null::timestamptz as published_at, null::text as failure_reason, null::text as file_name
          from invoices x
          where x.number is not null and x.id in (select i.id from invoices i where ${and(...billingWhere('i', sql`i.issue_date`))})`);
      branches.push(sql`select 'credit-note' as source, x.id, 'billing.invoice' as kind, x.number as title,
            x.number, (x.issue_date::timestamp at time zone 'UTC') as date, 'ready' as status,
            null::integer, null::integer, null::bigint,
            (select i.member_id from invoices i
              where i.organization_id = x.organization_id and i.id = x.invoice_id) as member_id,
            (select ${memberName(sql`i.member_id`)} from invoices i
              where i.organization_id = x.organization_id and i.id = x.invoice_id) as member_name,
            null::integer, null::timestamptz, null::text, null::text
          from credit_notes x
          where x.organization_id = ${organizationId} and x.invoice_id in (
            select i.id from invoices i where ${and(...billingWhere('i', sql`x.issue_date`))})`);
    }
    if (billingAllowed && kindIs(['billing.order'])) {
      branches.push(sql`select 'order' as source, x.id, 'billing.order' as kind, null::text as title,
            null::text as number, x.created_at as date, 'ready' as status,
            null::integer, null::integer, null::bigint, null::text as member_id,
            (select nullif(trim(m.first_name || ' ' || m.last_name), '') from members m
              where m.organization_id = x.organization_id and m.user_id = x.user_id limit 1) as member_name,
            null::integer, null::timestamptz, null::text, null::text
          from orders x
          where x.organization_id = ${organizationId} and x.id in (
            select o.id from orders o where ${and(...billingWhere('o', sql`o.created_at`))})`);
    }
    const storedOnly = filters.kind && !filters.kind.startsWith('billing.');
    const union = sql.join(storedOnly ? branches.slice(0, 1) : branches, sql` union all `);
    const result = await db.execute(sql`
      select u.*, count(*) over () as total from (${union}) u
      order by u.date desc, u.id desc
      limit ${filters.limit} offset ${filters.offset}`);
    return rowsOf<ListedRow>(result);
  }

  return {
    list,

    /** The next version number of a legal kind (1 for the first upload). */
    async nextVersion(organizationId: string, kind: LegalDocumentKind): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${documents.version})` })
        .from(documents)
        .where(and(eq(documents.organizationId, organizationId), eq(documents.kind, kind)));
      return Number(row?.max ?? 0) + 1;
    },

    /** Marks the document published; a ROI or legal mentions sets the organisation's publication time. */
    async publish(organizationId: string, id: string, kind: LegalDocumentKind, at: Date): Promise<boolean> {
      const updated = await db
        .update(documents)
        .set({ publishedAt: at, updatedAt: at })
        .where(
          and(
            eq(documents.organizationId, organizationId),
            eq(documents.id, id),
            sql`${documents.publishedAt} is null`,
          ),
        )
        .returning({ id: documents.id });
      if (updated.length === 0) return false;
      if (kind === 'legal.roi') {
        await db
          .update(organizations)
          .set({ roiPublishedAt: at })
          .where(eq(organizations.id, organizationId));
      } else if (kind === 'legal.mentions') {
        await db
          .update(organizations)
          .set({ legalMentionsPublishedAt: at })
          .where(eq(organizations.id, organizationId));
      }
      return true;
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
