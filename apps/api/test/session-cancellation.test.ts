import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CLUBS, SECOND_ESTABLISHMENT_ID } from '../src/demo/accounts';
import { actorOf } from '../src/factories/actors';
import { createSessionChangesService } from '../src/modules/session-changes/session-changes.service';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A session the organisation cancels or postpones, a holder's absence (issue #17), read from the real
 * SMTP inbox: each confirmed participant's family is told once, in its language, and gets back what it
 * paid for the session (a credit note, consistent with invoicing; a refund when the organisation refunds
 * online); a repeated call changes nothing. A postponement tells the new date in the organisation's
 * zone; a holder's absence tells the managers once.
 */

const ORG = 'org_demo';
let t: TestApp;
const tokens: Record<'manager' | 'holder' | 'parent' | 'estManager' | 'otherAdmin', string> = {
  manager: '',
  holder: '',
  parent: '',
  estManager: '',
  otherAdmin: '',
};
let holderUserId = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'holder', 'parent', 'estManager'] as const) {
    const session = await t.signIn(DEMO_ACCOUNTS[who]);
    tokens[who] = session.accessToken;
    if (who === 'holder') holderUserId = session.user.id;
  }
  tokens.otherAdmin = (
    await t.signIn(DEMO_CLUBS.paid.admin, undefined, `${DEMO_CLUBS.paid.key}.localhost:3000`)
  ).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

const query = async <T>(text: string, values: unknown[] = []) => t.database.query<T>(text, values);

/** Fixed winter dates (Brussels is UTC+1): 18:00 local. */
const FIRST = new Date('2027-01-13T17:00:00Z');
const SECOND = new Date('2027-01-20T17:00:00Z');

/** « Natation » (50 €) with two sessions; each family's child is in both, ordered offline. */
async function setUp(options: { locales: ('fr' | 'en')[]; establishmentId?: string; prefix: string }) {
  const activity = await createActivity(t.db, {
    name: 'Natation',
    price: 5000,
    establishmentId: options.establishmentId,
    sessions: [{ start: FIRST }, { start: SECOND }],
  });
  const families: { family: FamilyFixture; orderId: string }[] = [];
  for (const [i, locale] of options.locales.entries()) {
    const [family] = await createFamilies(t.app.ctx, 1, { locale, prefix: `${options.prefix}${i}` });
    const added = await call(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
      supplementIds: [],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    families.push({ family: family!, orderId: checkout.json().order.id });
    await t.waitForMail(family!.email); // the order confirmation
  }
  return { activity, families, serviceId: activity.serviceIds[0]!, otherServiceId: activity.serviceIds[1]! };
}

const subjects = (email: string, pattern: RegExp) =>
  t.inbox.mailsTo(email).filter((m) => pattern.test(m.subject));

/** Runs the queued mail jobs, then gives the inbox a moment to receive them. */
async function settle() {
  await t.app.ctx.queue.runUntilIdle();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await t.app.ctx.queue.runUntilIdle();
}

const creditNotesOf = (orderId: string) =>
  query<{ number: string; total_amount: number; refund_id: string | null; reason: string }>(
    `select cn.number, cn.total_amount, cn.refund_id, cn.reason from credit_notes cn
     join invoices i on i.organization_id = cn.organization_id and i.id = cn.invoice_id
     where cn.organization_id = $1 and i.order_id = $2 order by cn.number`,
    [ORG, orderId],
  );

const auditCount = async (type: string, subjectId: string) =>
  (
    await query<{ n: number }>(
      `select count(*)::int as n from audit_events where organization_id = $1 and type = $2 and subject_id = $3`,
      [ORG, type, subjectId],
    )
  )[0]!.n;

describe('a session cancelled by the organisation', () => {
  it('tells each family once in its language and credits what it paid or owed, once even when called again', async () => {
    const { families, serviceId, otherServiceId } = await setUp({ locales: ['fr', 'en'], prefix: 'ann' });
    const [paid, unpaid] = families as [(typeof families)[0], (typeof families)[0]];
    const payment = await call(tokens.manager, 'POST', `/api/orders/${paid.orderId}/payments/offline`, {});
    expect(payment.statusCode, payment.body).toBe(200);

    const cancelled = await call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');

    const fr = await t.waitForMail(paid.family.email, 3); // order, payment received, cancellation
    expect(fr.subject).toBe('Séance annulée : Natation du 13/01/2027 18:00 – Club Sportif Démo');
    expect(fr.text).toContain('a annulé la séance Natation du 13/01/2027 18:00');
    expect(fr.text).toMatch(
      /note de crédit .+ de 50,00\s€ a été émise pour cette séance : ce montant est porté à votre crédit/,
    );
    expect(fr.text).toContain(`/orders/${paid.orderId}`);
    const en = await t.waitForMail(unpaid.family.email, 2);
    expect(en.subject).toBe('Session cancelled: Natation on 13/01/2027 18:00 – Club Sportif Démo');
    expect(en.text).toMatch(
      /credit note .+ of €50\.00 was issued for this session: this amount is no longer due/,
    );

    // Invoicing: one credit note of the session's 50 € on each family's invoice, nothing on the other session.
    for (const { orderId } of families) {
      const notes = await creditNotesOf(orderId);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ total_amount: 5000, refund_id: null });
    }
    const order = await call(unpaid.family.token, 'GET', `/api/orders/${unpaid.orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    // The family still owes the other session only.
    expect(order.json()).toMatchObject({ totalAmount: 10000, creditedAmount: 5000, amountDue: 5000 });
    // The registrations to the cancelled session are cancelled; those to the other session stay.
    const rows = await query<{ service_id: string; status: string; cancel_reason: string | null }>(
      `select service_id, status, cancel_reason from participants where organization_id = $1 and order_id = any($2)`,
      [ORG, families.map((f) => f.orderId)],
    );
    expect(rows.filter((r) => r.service_id === serviceId)).toEqual([
      { service_id: serviceId, status: 'cancelled', cancel_reason: 'session-cancelled' },
      { service_id: serviceId, status: 'cancelled', cancel_reason: 'session-cancelled' },
    ]);
    expect(rows.filter((r) => r.service_id === otherServiceId).map((r) => r.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(1);

    // Called again: nothing more (no e-mail, no credit note, no audit).
    const again = await call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`);
    expect(again.statusCode, again.body).toBe(200);
    await settle();
    expect(subjects(paid.family.email, /annulée/)).toHaveLength(1);
    expect(subjects(unpaid.family.email, /cancelled/)).toHaveLength(1);
    for (const { orderId } of families) expect(await creditNotesOf(orderId)).toHaveLength(1);
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(1);
  });

  it('refunds an order paid online through the refund path when the organisation refunds online', async () => {
    const { families, serviceId } = await setUp({ locales: ['fr'], prefix: 'rem' });
    const [{ family, orderId }] = families as [(typeof families)[0]];
    expect(
      (await call(tokens.manager, 'POST', `/api/orders/${orderId}/payments/offline`, {})).statusCode,
    ).toBe(200);
    // The order as an online payment leaves it (the provider's own refund is the payments tests' matter).
    await query(`update orders set payment_provider = 'mollie' where organization_id = $1 and id = $2`, [
      ORG,
      orderId,
    ]);
    const manager = await actorOf(t.db, ORG, { email: DEMO_ACCOUNTS.manager });
    const changes = createSessionChangesService(t.app.ctx);
    const meta = { ip: '127.0.0.1', requestId: 'test', locale: 'fr' as const };
    const settings = { compensation: 'credit-note' as const, refundOnline: true };
    // Twice at once (a double click): one cancellation, one refund.
    await Promise.all([
      changes.cancel(manager, serviceId, meta, settings),
      changes.cancel(manager, serviceId, meta, settings),
    ]);
    // The refund leaves in the background (the provider is called outside any transaction).
    await settle();
    const notes = await creditNotesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.total_amount).toBe(5000);
    expect(notes[0]!.refund_id).toMatch(/./);
    const refunds = await query<{ amount: number }>(
      `select r.amount from payment_refunds r join payments p on p.organization_id = r.organization_id and p.id = r.payment_id
       where r.organization_id = $1 and p.order_id = $2`,
      [ORG, orderId],
    );
    expect(refunds.map((r) => r.amount)).toEqual([5000]);
    await settle();
    const mails = subjects(family.email, /^Séance annulée/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(
      /vous est remboursé par le moyen de paiement utilisé \(note de crédit .+ de 50,00\s€\)/,
    );
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(1);
    // Called again later: nothing more.
    await changes.cancel(manager, serviceId, meta, settings);
    await settle();
    expect(await creditNotesOf(orderId)).toHaveLength(1);
    expect(subjects(family.email, /^Séance annulée/)).toHaveLength(1);
  });

  it('gives a recovery token for a paid seat when the organisation chose tokens, and credits an unpaid one', async () => {
    const settings = (body: object) =>
      call(tokens.manager, 'PATCH', `/api/organizations/${ORG}/recovery-settings`, body);
    expect((await settings({ sessionCancellationCompensation: 'recovery-token' })).statusCode).toBe(200);
    try {
      const { families, serviceId } = await setUp({ locales: ['fr', 'fr'], prefix: 'tok' });
      const [paid, unpaid] = families as [(typeof families)[0], (typeof families)[0]];
      const payment = await call(tokens.manager, 'POST', `/api/orders/${paid.orderId}/payments/offline`, {});
      expect(payment.statusCode, payment.body).toBe(200);

      const cancelled = await call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const again = await call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`);
      expect(again.statusCode, again.body).toBe(200);

      // The paying family: one token worth the session (50 €), no credit note, told so.
      const list = await call(paid.family.token, 'GET', '/api/recovery-tokens');
      expect(list.statusCode, list.body).toBe(200);
      const mine = JSON.stringify(list.json());
      expect(mine).toContain('session-cancelled');
      const rows = await query<{ family_id: string; origin: string; value: number; status: string }>(
        `select family_id, origin, value_cents as value, status from recovery_tokens
         where organization_id = $1 and origin_service_id = $2`,
        [ORG, serviceId],
      );
      expect(rows).toEqual([
        { family_id: paid.family.familyId, origin: 'session-cancelled', value: 5000, status: 'available' },
      ]);
      expect(await creditNotesOf(paid.orderId)).toHaveLength(0);
      // One e-mail tells the cancellation and the token (order, payment received, then this one).
      const mail = await t.waitForMail(paid.family.email, 3);
      expect(mail.text).toContain(
        "reçoit une récupération suite à l'annulation par le club de la séance Natation du 13/01/2027 18:00",
      );
      expect(mail.text).toContain('Elle vaut 50,00');
      await settle();
      expect(t.inbox.mailsTo(paid.family.email)).toHaveLength(3);
      // The family that had not paid: the session is no longer due, no token.
      expect(await creditNotesOf(unpaid.orderId)).toHaveLength(1);
    } finally {
      await settings({ sessionCancellationCompensation: 'credit-note' });
    }
  });

  it('two cancellations at once give each family one credit note and one e-mail', async () => {
    const { families, serviceId } = await setUp({ locales: ['fr', 'fr'], prefix: 'dbl' });
    const answers = await Promise.all([
      call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`),
      call(tokens.manager, 'POST', `/api/services/${serviceId}/cancel`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await settle();
    for (const { family, orderId } of families) {
      expect(await creditNotesOf(orderId)).toHaveLength(1);
      expect(subjects(family.email, /^Séance annulée/)).toHaveLength(1);
    }
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(1);
  });

  it('only managers within reach may cancel; bad input is refused', async () => {
    const { serviceId } = await setUp({ locales: [], establishmentId: 'est_default', prefix: 'dro' });
    expect((await call(tokens.holder, 'POST', `/api/services/${serviceId}/cancel`)).statusCode).toBe(403);
    expect((await call(tokens.parent, 'POST', `/api/services/${serviceId}/cancel`)).statusCode).toBe(403);
    // Another organisation's administrator, in their own organisation, does not find it.
    const other = await t.request('POST', `/api/services/${serviceId}/cancel`, {
      token: tokens.otherAdmin,
      organizationId: DEMO_CLUBS.paid.id,
      host: `${DEMO_CLUBS.paid.key}.localhost:3000`,
    });
    expect(other.statusCode).toBe(404);
    // The establishment manager of another establishment does not reach it.
    expect((await call(tokens.estManager, 'POST', `/api/services/${serviceId}/cancel`)).statusCode).toBe(404);
    expect((await call(tokens.manager, 'POST', `/api/services/${'x'.repeat(150)}/cancel`)).statusCode).toBe(
      400,
    );
    expect((await call(tokens.manager, 'POST', '/api/services/svc_nope/cancel')).statusCode).toBe(404);
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(0);
  });
});

describe('a session postponed', () => {
  it("tells each family the new date and time in the organisation's zone, once per postponement", async () => {
    const { families, serviceId } = await setUp({ locales: ['fr', 'en'], prefix: 'rep' });
    const [fr, en] = families as [(typeof families)[0], (typeof families)[0]];
    const postponed = await call(tokens.manager, 'POST', `/api/services/${serviceId}/postpone`, {
      startDateTime: '2027-01-27T17:30:00.000Z',
    });
    expect(postponed.statusCode, postponed.body).toBe(200);
    const mail = await t.waitForMail(fr.family.email, 2);
    expect(mail.subject).toBe('Séance reportée : Natation du 13/01/2027 18:00 – Club Sportif Démo');
    expect(mail.text).toContain('est reportée au 27/01/2027 18:30.');
    const english = await t.waitForMail(en.family.email, 2);
    expect(english.text).toContain('is postponed to 27/01/2027 18:30.');

    // The same start again: nobody is told twice.
    const same = await call(tokens.manager, 'POST', `/api/services/${serviceId}/postpone`, {
      startDateTime: '2027-01-27T17:30:00.000Z',
    });
    expect(same.statusCode).toBe(200);
    await settle();
    expect(subjects(fr.family.email, /reportée/)).toHaveLength(1);
    // Another postponement is told again, from the date announced last.
    await call(tokens.manager, 'POST', `/api/services/${serviceId}/postpone`, {
      date: '2027-02-03',
      time: '09:15',
    });
    const next = await t.waitForMail(fr.family.email, 3);
    expect(next.text).toContain('Natation du 27/01/2027 18:30');
    expect(next.text).toContain('est reportée au 03/02/2027 09:15.');
    expect(
      (
        await call(tokens.holder, 'POST', `/api/services/${serviceId}/postpone`, {
          date: '2027-02-03',
          time: '09:15',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("a holder's prestation cancelled alone", () => {
  it('leaves the session on: its families are neither told nor credited, no token; only the prestation is audited', async () => {
    const { families, serviceId } = await setUp({ locales: ['fr'], prefix: 'rmh' });
    const [paid] = families as [(typeof families)[0]];
    const payment = await call(tokens.manager, 'POST', `/api/orders/${paid.orderId}/payments/offline`, {});
    expect(payment.statusCode, payment.body).toBe(200);
    const assigned = await call(tokens.manager, 'POST', `/api/services/${serviceId}/prestations`, {
      holderUserId,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const prestationId = assigned.json().id as string;
    await settle();
    const mailsBefore = t.inbox.mailsTo(paid.family.email).length;

    // The holder declares an absence, then the manager takes the holder off the session.
    const absent = await call(tokens.holder, 'PATCH', `/api/prestations/${prestationId}/absence`, {
      absent: true,
    });
    expect(absent.statusCode, absent.body).toBe(200);
    const removed = await t.request('DELETE', `/api/services/${serviceId}/prestations/${prestationId}`, {
      token: tokens.manager,
      organizationId: ORG,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    await settle();

    const session = await call(tokens.manager, 'GET', `/api/services/${serviceId}`);
    expect(session.json().status).toBe('confirmed');
    const rows = await query<{ status: string }>(
      `select status from participants where organization_id = $1 and service_id = $2`,
      [ORG, serviceId],
    );
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
    expect(await creditNotesOf(paid.orderId)).toHaveLength(0);
    const given = await query<{ n: number }>(
      `select count(*)::int as n from recovery_tokens where organization_id = $1 and origin_service_id = $2`,
      [ORG, serviceId],
    );
    expect(given[0]!.n).toBe(0);
    expect(t.inbox.mailsTo(paid.family.email)).toHaveLength(mailsBefore);
    expect(await auditCount('prestation-cancelled', prestationId)).toBe(1);
    expect(await auditCount('prestation-cancelled', serviceId)).toBe(0);
  });
});

describe("a holder's absence", () => {
  it("e-mails the organisation's managers and the establishment's manager once, with the session's link", async () => {
    const { serviceId } = await setUp({
      locales: [],
      establishmentId: SECOND_ESTABLISHMENT_ID,
      prefix: 'abs',
    });
    const assigned = await call(tokens.manager, 'POST', `/api/services/${serviceId}/prestations`, {
      holderUserId,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const prestationId = assigned.json().id as string;
    const before = {
      admin: t.inbox.mailsTo(DEMO_ACCOUNTS.admin).length,
      manager: t.inbox.mailsTo(DEMO_ACCOUNTS.manager).length,
      estManager: t.inbox.mailsTo(DEMO_ACCOUNTS.estManager).length,
    };
    const absent = await call(tokens.holder, 'PATCH', `/api/prestations/${prestationId}/absence`, {
      absent: true,
      note: 'Malade',
    });
    expect(absent.statusCode, absent.body).toBe(200);
    const mail = await t.waitForMail(DEMO_ACCOUNTS.manager, before.manager + 1);
    expect(mail.subject).toMatch(/^Encadrant absent : Natation du 13\/01\/2027 18:00 – Club Sportif Démo$/);
    expect(mail.text).toContain('Motif indiqué : Malade');
    expect(mail.text).toContain(`/managing/services/${serviceId}`);
    await t.waitForMail(DEMO_ACCOUNTS.admin, before.admin + 1);
    await t.waitForMail(DEMO_ACCOUNTS.estManager, before.estManager + 1);

    // Declared again: no second e-mail.
    expect(
      (await call(tokens.holder, 'PATCH', `/api/prestations/${prestationId}/absence`, { absent: true }))
        .statusCode,
    ).toBe(200);
    await settle();
    expect(t.inbox.mailsTo(DEMO_ACCOUNTS.manager)).toHaveLength(before.manager + 1);
    expect(t.inbox.mailsTo(DEMO_ACCOUNTS.admin)).toHaveLength(before.admin + 1);
    expect(t.inbox.mailsTo(DEMO_ACCOUNTS.holder).filter((m) => /Encadrant/.test(m.subject))).toHaveLength(0);
  });
});
