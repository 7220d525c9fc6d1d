import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import type { BuyerRow, SellerRow } from './invoice-documents';
import { SELLER_COLUMNS } from './invoice-lifecycle.repository';

/** The facts the invoicing use cases gather besides the invoices themselves (invoicing.repository.ts). */
export function createInvoicingFactsRepository(db: Executor) {
  return {
    async seller(organizationId: string): Promise<SellerRow> {
      const [row] = rowsOf<SellerRow>(
        await db.execute(
          sql`select ${SELLER_COLUMNS} from organizations org where org.id = ${organizationId}`,
        ),
      );
      return row!;
    },

    async timeZone(organizationId: string): Promise<string | undefined> {
      const [row] = rowsOf<{ timeZone: string }>(
        await db.execute(sql`select time_zone as "timeZone" from organizations where id = ${organizationId}`),
      );
      return row?.timeZone;
    },

    async organizationKey(organizationId: string) {
      const [row] = rowsOf<{ key: string; timeZone: string }>(
        await db.execute(
          sql`select key, time_zone as "timeZone" from organizations where id = ${organizationId}`,
        ),
      );
      return row;
    },

    /** A member as the buyer of a free invoice: their adult self, or the company of their account. */
    async memberBuyer(organizationId: string, memberId: string) {
      const [member] = rowsOf<BuyerRow & { family_id: string }>(
        await db.execute(sql`
          select m.family_id, m.first_name, m.last_name, m.address, m.city, m.postal_code, m.country,
            coalesce(m.email, u.email) as email, u.company_name, u.company_vat_number, u.company_address,
            u.company_city, u.company_postal_code, u.company_country
          from members m
          left join users u on u.organization_id = m.organization_id and u.id = m.user_id
          where m.organization_id = ${organizationId} and m.id = ${memberId} and m.deleted_at is null`),
      );
      return member;
    },

    async orderLocale(organizationId: string, orderId: string): Promise<string | undefined> {
      const [row] = rowsOf<{ locale: string }>(
        await db.execute(sql`select locale from orders
          where organization_id = ${organizationId} and id = ${orderId}`),
      );
      return row?.locale;
    },

    /** The order's received payments that can still give money back, latest first. */
    async refundablePayments(organizationId: string, orderId: string) {
      return rowsOf<{ id: string; refundable: number }>(
        await db.execute(sql`select id, amount - refunded_amount as refundable from payments
          where organization_id = ${organizationId} and order_id = ${orderId} and status = 'paid'
            and amount > refunded_amount
          order by created_at desc`),
      );
    },

    /** A free invoice's amounts, its row locked. */
    async lockInvoiceAmounts(organizationId: string, invoiceId: string) {
      const [row] = rowsOf<{
        paidAmount: number;
        totalAmount: number;
        creditedAmount: number;
        status: string;
      }>(
        await db.execute(sql`select paid_amount as "paidAmount", total_amount as "totalAmount",
            credited_amount as "creditedAmount", status
          from invoices where organization_id = ${organizationId} and id = ${invoiceId} for update`),
      );
      return row;
    },

    async addInvoicePayment(organizationId: string, invoiceId: string, amount: number) {
      await db.execute(sql`update invoices set paid_amount = paid_amount + ${amount}
        where organization_id = ${organizationId} and id = ${invoiceId}`);
    },

    async markReminded(organizationId: string, invoiceId: string, now: Date) {
      await db.execute(sql`update invoices set reminded_at = ${now}::timestamptz
        where organization_id = ${organizationId} and id = ${invoiceId}`);
    },
  };
}
