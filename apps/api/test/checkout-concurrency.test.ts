import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orderLines, orders, organizations, participants, services } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { usingPostgres } from './helpers/test-database';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * 300 families rush a 100-seat session through the HTTP API at the same time, each adding it to its cart
 * and checking out offline. Only PostgreSQL runs these requests truly in parallel (the embedded database
 * has one connection, which serialises them), so this runs when TEST_DATABASE_URL is set — as CI does.
 */
const FAMILIES = 300;
const SEATS = 100;
const postgres = usingPostgres();

// Skipped without TEST_DATABASE_URL: the embedded database's single connection cannot run requests in
// parallel, so the race this test exists for cannot happen there. CI sets TEST_DATABASE_URL.
describe.skipIf(!postgres)(
  '300 simultaneous checkouts for 100 seats, concurrent numbering (PostgreSQL: TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let families: FamilyFixture[];
    let blueprintId: string;
    let serviceId: string;

    beforeAll(async () => {
      t = await createTestApp({ poolSize: 20 });
      await t.db
        .update(organizations)
        .set({ iban: 'BE71096123456769', billingCountry: 'BEL' })
        .where(eq(organizations.id, 'org_demo'));
      const activity = await createActivity(t.db, {
        name: 'Stage complet',
        price: 4500,
        maxSeats: SEATS,
        sessions: [{ start: new Date(Date.now() + 30 * 86_400_000) }],
      });
      blueprintId = activity.blueprintId;
      serviceId = activity.serviceIds[0]!;
      families = await createFamilies(t.app.ctx, FAMILIES);
    });
    afterAll(() => t?.close());

    it('sells exactly 100 seats; the 200 others are told « complet » and leave no row', async () => {
      const outcomes = await Promise.all(
        families.map(async (family) => {
          const headers = { token: family.token, organizationId: 'org_demo' };
          const added = await t.request('POST', '/api/cart/items', {
            ...headers,
            body: { blueprintId, serviceIds: [serviceId], memberIds: [family.childId] },
          });
          expect(added.statusCode, added.body).toBe(200);
          const result = added.json() as { added: unknown[]; refused: { reason: string; message: string }[] };
          if (result.added.length === 0) return { family, refused: result.refused[0]! };
          const checkout = await t.request('POST', '/api/cart/checkout', {
            ...headers,
            body: { paymentProvider: 'offline' },
          });
          expect(checkout.statusCode, checkout.body).toBe(201);
          return { family, order: checkout.json().order as { id: string; status: string } };
        }),
      );

      const winners = outcomes.filter((o) => o.order);
      const losers = outcomes.filter((o) => o.refused);
      expect(winners).toHaveLength(SEATS);
      expect(losers).toHaveLength(FAMILIES - SEATS);
      for (const { refused } of losers) {
        expect(refused!.reason).toBe('full');
        expect(refused!.message).toMatch(/complet/);
        expect(refused!.message).toMatch(
          /^La séance Stage complet du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} est complète\.$/,
        );
      }

      const [service] = await t.db.select().from(services).where(eq(services.id, serviceId));
      expect(service!.reservedSeats).toBe(SEATS);
      const rows = await t.db.select().from(participants).where(eq(participants.serviceId, serviceId));
      expect(rows).toHaveLength(SEATS);
      expect(rows.every((p) => p.status === 'confirmed' && p.holdsSeat && p.orderId !== null)).toBe(true);
      const loserFamilies = losers.map((l) => l.family.familyId);
      expect(
        await t.db.select().from(participants).where(inArray(participants.familyId, loserFamilies)),
      ).toEqual([]);
      expect(await t.db.select().from(orders).where(inArray(orders.familyId, loserFamilies))).toEqual([]);
      const lines = await t.db.select().from(orderLines).where(eq(orderLines.serviceId, serviceId));
      expect(lines).toHaveLength(SEATS);
      const references = new Set(
        (
          await t.db
            .select({ r: orders.structuredReference })
            .from(orders)
            .where(
              inArray(
                orders.familyId,
                winners.map((w) => w.family.familyId),
              ),
            )
        ).map((o) => o.r),
      );
      expect(references.size).toBe(SEATS);

      // Each order got its invoice at checkout, and the numbers taken concurrently leave no gap.
      const numbers = (
        await t.db
          .select({ number: invoices.number })
          .from(invoices)
          .where(
            inArray(
              invoices.orderId,
              winners.map((w) => w.order!.id),
            ),
          )
      ).map((i) => Number(i.number!.split('-')[1]));
      expect(numbers).toHaveLength(SEATS);
      numbers.sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: SEATS }, (_, i) => numbers[0]! + i));
    });

    it('numbers 60 invoices and 60 credit notes made at once without gap or duplicate', async () => {
      const manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
      const line = { description: 'Cotisation', quantity: 1, unitPrice: 2000, taxPercentage: 0 };
      const company = { name: 'ACME', address: 'Rue 1', city: 'Namur', postalCode: '5000', country: 'BEL' };
      const created = await Promise.all(
        Array.from({ length: 60 }, () =>
          t.request('POST', '/api/invoices', {
            token: manager,
            organizationId: 'org_demo',
            body: { company, lines: [line] },
          }),
        ),
      );
      expect(created.map((c) => c.statusCode)).toEqual(created.map(() => 201));
      const notes = await Promise.all(
        created.map((c) =>
          t.request('POST', '/api/credit-notes', {
            token: manager,
            organizationId: 'org_demo',
            body: { invoiceId: c.json().id, reason: 'Erreur', lines: [{ ...line, unitPrice: 500 }] },
          }),
        ),
      );
      expect(notes.map((n) => n.statusCode)).toEqual(notes.map(() => 201));
      for (const documents of [created, notes]) {
        const numbers = documents
          .map((d) => Number((d.json().number as string).split('-').at(-1)))
          .sort((a, b) => a - b);
        expect(numbers).toEqual(Array.from({ length: 60 }, (_, i) => numbers[0]! + i));
      }
    });
  },
);
