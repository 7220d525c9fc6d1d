import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, organizations, participants } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { enqueueFamilyMail } from '../src/modules/mail/family-mail-queue';
import { createActivity, createFamilies } from './helpers/order-fixtures';
import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The e-mails of money events, read from the real SMTP inbox: the order confirmation (sessions, amounts,
 * transfer details, EPC QR image inline, invoice PDF), a cancellation with its credit note, a refund, and
 * each sent once even when its job runs again.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;
const IBAN = 'BE71096123456769';
const BIC = 'GEBABEBB';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(organizations)
    .set({ iban: IBAN, bic: BIC, billingCountry: 'BEL' })
    .where(eq(organizations.id, ORG));
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.request(method, url, { token, organizationId: ORG, body });

/** A family (in `locale`) whose child is in two sessions of « Natation » (50 €), with the T-shirt (15 €) or not, ordered. */
async function placeOrder(locale: 'fr' | 'en', withSupplement = false) {
  const a = await createActivity(t.db, {
    name: 'Natation',
    price: 5000,
    supplements: withSupplement ? [{ name: 'T-shirt du club', price: 1500 }] : [],
    sessions: [{ start: new Date(Date.now() + 20 * DAY) }, { start: new Date(Date.now() + 27 * DAY) }],
  });
  const [family] = await createFamilies(t.app.ctx, 1, { locale });
  const added = await call(family!.token, 'POST', '/api/cart/items', {
    blueprintId: a.blueprintId,
    serviceIds: a.serviceIds,
    memberIds: [family!.childId],
    supplementIds: a.supplementIds,
  });
  expect(added.statusCode, added.body).toBeLessThan(300);
  const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const order = checkout.json().order as {
    id: string;
    totalAmount: number;
    transfer: { amount: number; reference: string; epcPayload: string };
  };
  return { family: family!, order, serviceIds: a.serviceIds };
}

const mailJobs = (orderId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->'event'->>'orderId' = ${orderId}`);

describe('order confirmation e-mail', () => {
  it('at checkout, in French: sessions, amounts, transfer details, the EPC QR inline and the invoice PDF', async () => {
    const { family, order } = await placeOrder('fr', true);
    // Checkout only wrote the job (one row); the e-mail is rendered and sent by it.
    const queued = await mailJobs(order.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ queue: 'mail.family-event', status: 'queued' });

    const mail = await t.waitForMail(family.email);
    expect(mail.subject).toMatch(/^Votre commande du \d{2}\/\d{2}\/\d{4} – Club Sportif Démo$/);
    const total = order.totalAmount;
    expect(order.transfer.amount).toBe(total);
    const euros = (cents: number) =>
      `${new Intl.NumberFormat('fr-BE', { minimumFractionDigits: 2 }).format(cents / 100)}`.replace(
        /\s/g,
        ' ',
      );
    expect(mail.text).toContain('Enfant Famille0');
    expect(mail.text.match(/• Natation, /g)).toHaveLength(2);
    expect(mail.text).toContain('+ T-shirt du club');
    expect(mail.text).toContain('IBAN : BE71096123456769');
    expect(mail.text).toContain(`BIC : ${BIC}`);
    expect(mail.text).toContain(`Communication structurée : ${order.transfer.reference}`);
    expect(mail.text).toMatch(new RegExp(`Montant à payer : ${euros(total)}\\s€`));
    expect(mail.text).toMatch(new RegExp(`Montant : ${euros(total)}\\s€`));
    expect(mail.text).toContain('La facture est jointe à ce message (PDF).');
    // The QR code is an image inside the message (cid), not a file to open.
    expect(mail.html).toContain('alt="Code QR du virement"');
    expect(mail.html).toContain('<html lang="fr">');

    const qr = mail.attachments.find((a) => a.cid === 'epc-qr');
    expect(mail.html).toContain(`src="data:image/png;base64,${qr!.content.toString('base64')}"`);
    expect(qr?.contentType).toBe('image/png');
    // The image is the QR code of the order's EPC payload, amount included.
    expect(order.transfer.epcPayload.split('\n')[7]).toBe(`EUR${(total / 100).toFixed(2)}`);
    const expected = await QRCode.toBuffer(order.transfer.epcPayload, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 264,
    });
    expect(Buffer.compare(qr!.content, expected)).toBe(0);

    const invoice = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(invoice?.filename).toMatch(/^facture-.+\.pdf$/);
    const text = await pdfText(new Uint8Array(invoice!.content));
    expect(text).toContain('Natation');
    expect(text).toContain(order.transfer.reference);
  });

  it('in English for an English-speaking family', async () => {
    const { family, order } = await placeOrder('en');
    const mail = await t.waitForMail(family.email);
    expect(mail.subject).toMatch(/^Your order of \d{2}\/\d{2}\/\d{4} – Club Sportif Démo$/);
    expect(mail.text).toContain('Payment by bank transfer');
    expect(mail.text).toContain(`Structured reference : ${order.transfer.reference}`);
    expect(mail.text).toContain('Amount to pay');
    expect(mail.text).toContain('The invoice is attached to this message (PDF).');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('goes out once: a job run again (a retry after a crash) or an event queued twice sends nothing more', async () => {
    const { family, order } = await placeOrder('fr');
    const mail = await t.waitForMail(family.email);
    const [job] = await mailJobs(order.id);
    // Marked with the account's id (no address in the job).
    expect(job).toMatchObject({ status: 'done', payload: { sent: [family.userId] } });
    // As if the worker had died after sending, before marking the job done: another worker takes it over.
    await t.db
      .update(jobs)
      .set({ status: 'queued', runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    expect(await t.app.ctx.queue.runUntilIdle()).toBe(1);
    // The same event queued again (a replayed request).
    await enqueueFamilyMail(t.app.ctx, t.db, ORG, { kind: 'order-placed', orderId: order.id });
    await t.app.ctx.queue.runUntilIdle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.inbox.mailsTo(family.email)).toHaveLength(1);
    // Listed once in the family's /communications as well, unread.
    const inbox = (await call(family.token, 'GET', '/api/communications/inbox')).json();
    expect(inbox).toMatchObject({ total: 1, unread: 1, items: [{ kind: 'order-placed', read: false }] });
    expect(inbox.items[0].subject).toBe(mail.subject);
  });
});

describe('cancellation and refund e-mails', () => {
  it('the family cancels one session of an unpaid order: the e-mail carries the credit note and what is left to pay', async () => {
    const { family, order, serviceIds } = await placeOrder('fr');
    await t.waitForMail(family.email);
    const [first] = await t.db.select().from(participants).where(eq(participants.serviceId, serviceIds[0]!));
    const cancelled = await call(family.token, 'POST', `/api/me/registrations/${first!.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await t.waitForMail(family.email, 2);
    expect(mail.subject).toMatch(
      /^Inscription annulée : Natation du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} – Club Sportif Démo$/,
    );
    expect(mail.text).toContain("est annulée, comme vous l'avez demandé");
    expect(mail.text).toMatch(
      /La note de crédit .+ de 50,00\s€ est jointe à ce message : ce montant n'est plus dû\./,
    );
    expect(mail.text).toMatch(/Il reste 50,00\s€ à payer pour cette commande\./);
    expect(mail.text).toContain(`/orders/${order.id}`);
    const note = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(note?.filename).toMatch(/^note-de-credit-.+\.pdf$/);
    expect(await pdfText(new Uint8Array(note!.content))).toContain('Natation');
  });

  it('a manager cancels a paid registration with a refund: one cancellation e-mail and one refund e-mail, each with the credit note', async () => {
    const { family, order, serviceIds } = await placeOrder('fr');
    await t.waitForMail(family.email);
    const paid = await call(manager, 'POST', `/api/orders/${order.id}/payments/offline`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await t.waitForMail(family.email, 2); // « Paiement reçu »
    const [second] = await t.db.select().from(participants).where(eq(participants.serviceId, serviceIds[1]!));
    const cancelled = await call(manager, 'POST', `/api/participants/${second!.id}/cancel`, {
      reason: 'Séance complète',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.waitForMail(family.email, 4);
    await t.app.ctx.queue.runUntilIdle();
    const mails = t.inbox.mailsTo(family.email);
    expect(mails).toHaveLength(4);
    expect(mails[0]!.subject).toMatch(/^Votre commande du/);
    expect(mails[1]!.subject).toBe('Paiement reçu – Club Sportif Démo');
    const refund = mails.find((m) => m.subject.startsWith('Remboursement'))!;
    expect(refund.subject).toMatch(/^Remboursement de 50,00\s€ – Club Sportif Démo$/);
    expect(refund.text).toMatch(/Club Sportif Démo vous a remboursé 50,00\s€ sur votre commande du/);
    expect(refund.attachments.some((a) => /^note-de-credit-/.test(a.filename))).toBe(true);
    const cancellation = mails.find((m) => m.subject.startsWith('Inscription annulée'))!;
    expect(cancellation.text).toContain("Club Sportif Démo a annulé l'inscription de Enfant Famille0");
    expect(cancellation.text).toContain('Motif : Séance complète');
    expect(cancellation.text).toMatch(/ce montant vous est remboursé\./);
    expect(cancellation.attachments.some((a) => /^note-de-credit-/.test(a.filename))).toBe(true);
  });
});
