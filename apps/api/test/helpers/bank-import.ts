import type { FastifyInstance } from 'fastify';
import { camt053Statement, type CamtTransfer } from './camt053';
import { createActivity, createFamilies } from './order-fixtures';

/** What a family owes by transfer after an offline checkout: its order, reference and amount. */
export interface AwaitedTransfer {
  orderId: string;
  reference: string;
  amount: number;
}

/**
 * `count` families who each bought a 45 € stage and chose to pay by transfer, through the API (cart,
 * offline checkout: the order's invoice carries its structured reference).
 */
export async function ordersAwaitingTransfer(
  app: FastifyInstance,
  count: number,
  host = 'demo.localhost:3000',
): Promise<AwaitedTransfer[]> {
  const activity = await createActivity(app.ctx.db, {
    name: 'Stage payé par virement',
    price: 4500,
    maxSeats: count + 10,
    sessions: [{ start: new Date(Date.now() + 10 * 86_400_000) }],
  });
  const families = await createFamilies(app.ctx, count);
  const orderIds: string[] = [];
  for (const family of families) {
    const headers = { host, authorization: `Bearer ${family.token}`, 'x-organization-id': 'org_demo' };
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers,
      payload: {
        blueprintId: activity.blueprintId,
        serviceIds: activity.serviceIds,
        memberIds: [family.childId],
      },
    });
    if (added.statusCode !== 200) throw new Error(`cart: ${added.statusCode} ${added.body}`);
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers,
      payload: { paymentProvider: 'offline' },
    });
    if (checkout.statusCode !== 201) throw new Error(`checkout: ${checkout.statusCode} ${checkout.body}`);
    orderIds.push((checkout.json() as { order: { id: string } }).order.id);
  }
  return app.ctx.database.query<AwaitedTransfer>(
    `select order_id as "orderId", structured_reference as reference, total_amount as amount from invoices
     where organization_id = 'org_demo' and order_id = any($1::text[]) order by order_id`,
    [orderIds],
  );
}

/** A valid Belgian structured reference (mod 97) that no invoice carries: invoices' start with the year. */
const unknownReference = (n: number) => {
  const base = 9_000_000_000 + n;
  return `${base}${String(base % 97 || 97).padStart(2, '0')}`;
};

/**
 * A CAMT.053 statement of `total` credit transfers: each awaited transfer paid once with its reference,
 * then a second time (already paid: must not match), the rest with references no invoice carries or a
 * free communication. Bank references `<prefix>-<n>`, unique per transfer.
 */
export function bankImportStatement(awaited: AwaitedTransfer[], total: number, prefix = 'BNK') {
  const transfers: CamtTransfer[] = [];
  for (let n = 0; n < total; n++) {
    const owed = n < 2 * awaited.length ? awaited[n % awaited.length] : undefined;
    transfers.push({
      bankReference: `${prefix}-${n}`,
      amount: owed ? owed.amount : 1000 + (n % 9000),
      reference: owed ? owed.reference : n % 3 === 0 ? null : unknownReference(n),
      name: `FAMILLE ${n % 1000}`,
    });
  }
  return camt053Statement(transfers);
}
