import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members, orderLines, orders, participants } from '../../db/schema';
import { encodeCursor } from '../../lib/cursor';
import { buyerMember, invoiceNumberOf, ORDER_CURSOR, ORDER_ROW } from './orders.repository';

/** A named parameter of a prepared statement. */
const p = (name: string) => sql.placeholder(name);

/**
 * A family's « Mes commandes » by page: the same rows as the orders list with a family filter, in one
 * prepared round trip (planned once per connection; the total rides on each row as a window count),
 * only the columns the summary shows, and both line counts from one pass over the order's lines.
 */
export function createFamilyOrdersPage(db: Executor) {
  const lineCounts = db
    .select({
      all: sql<number>`cast(count(*) as int)`.as('lines_count'),
      live: sql<number>`cast(count(*) filter (where ${participants.status} <> 'cancelled') as int)`.as(
        'live_lines_count',
      ),
    })
    .from(orderLines)
    .leftJoin(
      participants,
      and(
        eq(participants.organizationId, orderLines.organizationId),
        eq(participants.id, orderLines.participantId),
      ),
    )
    .where(and(eq(orderLines.organizationId, orders.organizationId), eq(orderLines.orderId, orders.id)))
    .as('line_counts');
  // A null status means every status.
  const familyPage = db
    .select({
      order: {
        id: orders.id,
        familyId: orders.familyId,
        status: orders.status,
        paymentProvider: orders.paymentProvider,
        totalAmount: orders.totalAmount,
        paidAmount: orders.paidAmount,
        creditedAmount: orders.creditedAmount,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
      },
      firstName: members.firstName,
      lastName: members.lastName,
      linesCount: lineCounts.all,
      liveLinesCount: lineCounts.live,
      invoiceNumber: invoiceNumberOf,
      createdKey: ORDER_ROW.createdKey,
      total: sql<number>`cast(count(*) over () as int)`,
    })
    .from(orders)
    .leftJoin(members, buyerMember)
    .leftJoinLateral(lineCounts, sql`true`)
    .where(
      and(
        eq(orders.organizationId, p('organizationId')),
        eq(orders.familyId, p('familyId')),
        sql`(${p('status')}::text is null or ${orders.status} = ${p('status')}::text)`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare('orders_family_page');

  return {
    /**
     * One page of the family's orders, as the orders list with `{ familyId, status }` answers it. The
     * total comes with the rows; a page past the end has none, so only then is it counted apart.
     */
    async list(
      organizationId: string,
      familyId: string,
      status: string | undefined,
      limit: number,
      offset: number,
    ) {
      const rows = await familyPage.execute({
        organizationId,
        familyId,
        status: status ?? null,
        limit,
        offset,
      });
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && offset > 0) {
        const [counted] = await db
          .select({ n: count() })
          .from(orders)
          .where(
            and(
              eq(orders.organizationId, organizationId),
              eq(orders.familyId, familyId),
              status ? eq(orders.status, status) : undefined,
            ),
          );
        total = counted?.n ?? 0;
      }
      const last = rows.at(-1);
      return {
        rows,
        total,
        capped: false,
        nextCursor:
          last && offset + rows.length < total
            ? encodeCursor(ORDER_CURSOR[0], [last.createdKey, last.order.id])
            : null,
      };
    },
  };
}
