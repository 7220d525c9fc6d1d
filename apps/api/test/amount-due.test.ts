import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo/accounts';
import { multipart } from './helpers/multipart';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { pdfText } from './helpers/pdf-text';
import { belgianBilling } from './helpers/clubs';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * One figure for what is due on an order (total − credited − paid, DESIGN.md section 10), walked through
 * order → partial cancellation (credit note) → partial payment → full payment: every place that shows or
 * uses it says the same at each step.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
  await belgianBilling(t.db, ORG, { vatRegime: 'exempt' });
});
afterAll(async () => {
  await t?.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) => t.request(method, url, { token, organizationId: ORG, body, query });

async function ok(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  const response = await call(token, method, url, body, query);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/** The amount line (3rd from the end is the purpose; the amount is line 8) of an EPC QR payload, in cents. */
function epcAmount(payload: string): number {
  const lines = payload.split('\n');
  expect(lines[0]).toBe('BCD');
  const amount = lines[7]!;
  expect(amount).toMatch(/^EUR\d+\.\d{2}$/);
  return Math.round(Number(amount.slice(3)) * 100);
}

/** A CAMT.053 statement with one credit transfer bearing `reference`. */
function statement(amountCents: number, reference: string) {
  const day = new Date().toISOString().slice(0, 10);
  const euros = (amountCents / 100).toFixed(2);
  const ref = `AD${Date.now()}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>MSG${ref}</MsgId><CreDtTm>${day}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>STMT-${ref}</Id><CreDtTm>${day}T06:00:00</CreDtTm><Acct><Id><IBAN>BE71096123456769</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">${euros}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>${ref}</AcctSvcrRef>
<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><TxDtls><Refs><AcctSvcrRef>${ref}</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${euros}</Amt></TxAmt></AmtDtls>
<RltdPties><Dbtr><Nm>DUPONT MARIE</Nm></Dbtr><DbtrAcct><Id><IBAN>BE62510007547061</IBAN></Id></DbtrAcct></RltdPties>
<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>BBA</Issr></Tp><Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
</TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
}

/** The text of the « payment received » e-mail sent to `to` (other e-mails of the order left aside). */
async function paymentMail(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await t.app.ctx.queue.runUntilIdle();
    const mail = t.inbox.mailsTo(to).find((m) => m.text.includes('Il reste') || /paiement/i.test(m.subject));
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no payment e-mail for ${to}`);
}

interface Figures {
  /** The order page's « Reste à payer » (the DTO's amountDue). */
  orderDue: number;
  /** The transfer box's amount, or null when there is none. */
  transfer: number | null;
  /** The EPC QR payload's amount, or null when there is no QR. */
  qr: number | null;
  /** The awaited transfer on the payment lines (open offline payments), summed. */
  awaitedPayment: number;
  /** The family dashboard's « à payer » (its open orders, from GET /orders), or null when not listed. */
  dashboard: number | null;
  /** The family's order list row (GET /orders). */
  listDue: number;
  /** Accounting: the invoice's balance in the managers' invoice list. */
  accounting: number;
  /** The invoice PDF: « Solde à payer », and its transfer box's « Montant » when printed. */
  invoicePdfBalance: number | null;
  invoicePdfTransfer: number | null;
  /** The order form PDF: « Solde à payer » and its transfer box. */
  orderPdfBalance: number | null;
  orderPdfTransfer: number | null;
}

const moneyCents = (text: string) =>
  Math.round(Number(text.replace(/[\s\u202f\u00a0€]/g, '').replace(',', '.')) * 100);

/** « Solde à payer 25,00 € » and the transfer box's « Montant 25,00 € » of a PDF's text. */
function pdfFigures(text: string) {
  const balance = /Solde à payer (-?[\d\s\u202f\u00a0]+,\d{2})\s?€/.exec(text);
  const transfer = /\nMontant ([\d\s\u202f\u00a0]+,\d{2})\s?€/.exec(text);
  return {
    balance: balance ? moneyCents(balance[1]!) : null,
    transfer: transfer ? moneyCents(transfer[1]!) : null,
  };
}

async function pdfOf(token: string, url: string) {
  const response = await ok(token, 'GET', url);
  expect(response.headers['content-type']).toContain('application/pdf');
  return pdfText(response.rawPayload);
}

async function figures(family: FamilyFixture, orderId: string): Promise<Figures> {
  const order = (await ok(family.token, 'GET', `/api/orders/${orderId}`)).json();
  const pending = (await ok(family.token, 'GET', '/api/orders', undefined, { status: 'pending' })).json();
  const all = (await ok(family.token, 'GET', '/api/orders')).json();
  const [invoice] = (await ok(manager, 'GET', '/api/invoices', undefined, { orderId })).json().items;
  const invoiceText = await pdfOf(family.token, `/api/invoices/${invoice.id}/pdf`);
  const orderText = await pdfOf(family.token, `/api/orders/${orderId}/pdf`);
  const listed = pending.items.find((o: { id: string }) => o.id === orderId);
  const row = all.items.find((o: { id: string }) => o.id === orderId);
  return {
    orderDue: order.amountDue,
    transfer: order.transfer?.amount ?? null,
    qr: order.transfer ? epcAmount(order.transfer.epcPayload) : null,
    awaitedPayment: order.payments
      .filter((p: { status: string; provider: string }) => p.status === 'open' && p.provider === 'offline')
      .reduce((sum: number, p: { amount: number }) => sum + p.amount, 0),
    dashboard: listed && listed.amountDue > 0 ? listed.amountDue : null,
    listDue: row.amountDue,
    accounting: invoice.balance,
    invoicePdfBalance: pdfFigures(invoiceText).balance,
    invoicePdfTransfer: pdfFigures(invoiceText).transfer,
    orderPdfBalance: pdfFigures(orderText).balance,
    orderPdfTransfer: pdfFigures(orderText).transfer,
  };
}

describe('what is due on an order', () => {
  it('is one figure everywhere through order → partial cancellation → partial payment → full payment', async () => {
    const activity = await createActivity(t.db, {
      name: 'Stage de natation',
      price: 2500,
      taxPercentage: 0,
      sessions: [{ start: new Date(Date.now() + 10 * DAY) }, { start: new Date(Date.now() + 11 * DAY) }],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    await ok(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
    });
    const checkout = await call(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orderId: string = checkout.json().order.id;
    expect(checkout.json().order).toMatchObject({ totalAmount: 5000, amountDue: 5000, liveLinesCount: 2 });
    expect(epcAmount(checkout.json().order.transfer.epcPayload)).toBe(5000);

    // 1. Placed: 50 € due everywhere; the invoice PDF has nothing to deduct yet (no « Solde » row).
    expect(await figures(family!, orderId)).toEqual({
      orderDue: 5000,
      transfer: 5000,
      qr: 5000,
      awaitedPayment: 5000,
      dashboard: 5000,
      listDue: 5000,
      accounting: 5000,
      invoicePdfBalance: null,
      invoicePdfTransfer: 5000,
      orderPdfBalance: null,
      orderPdfTransfer: 5000,
    });

    // 2. A manager cancels one of the two sessions: a 25 € credit note, 25 € left to pay.
    const placed = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    await ok(manager, 'POST', `/api/participants/${placed.lines[1].participantId}/cancel`, {});
    expect(await figures(family!, orderId)).toEqual({
      orderDue: 2500,
      transfer: 2500,
      qr: 2500,
      awaitedPayment: 2500,
      dashboard: 2500,
      listDue: 2500,
      accounting: 2500,
      invoicePdfBalance: 2500,
      invoicePdfTransfer: 2500,
      orderPdfBalance: 2500,
      orderPdfTransfer: 2500,
    });
    const cancelled = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    expect(cancelled).toMatchObject({
      creditedAmount: 2500,
      paidAmount: 0,
      linesCount: 2,
      liveLinesCount: 1,
    });
    expect(cancelled.lines.map((l: { participantStatus: string; creditedAmount: number }) => l)).toEqual([
      expect.objectContaining({ participantStatus: 'confirmed', creditedAmount: 0 }),
      expect.objectContaining({ participantStatus: 'cancelled', creditedAmount: 2500 }),
    ]);
    // The family's order list counts what remains: one registration.
    const listed = (await ok(family!.token, 'GET', '/api/orders')).json().items[0];
    expect(listed).toMatchObject({ id: orderId, linesCount: 2, liveLinesCount: 1 });
    // The credit note cancelled an amount still due: it was deducted, not « not refunded ».
    const [invoice] = (await ok(manager, 'GET', '/api/invoices', undefined, { orderId })).json().items;
    const notes = (await ok(manager, 'GET', `/api/invoices/${invoice.id}`)).json().creditNotes;
    expect(notes).toEqual([
      expect.objectContaining({ totalAmount: 2500, refunded: false, settlement: 'deducted' }),
    ]);

    // 3. The manager records 10 € received: 15 € left, and the family is told so.
    await ok(manager, 'POST', `/api/orders/${orderId}/payments/offline`, { amount: 1000, method: 'cash' });
    expect(await paymentMail(family!.email)).toContain('Il reste 15,00');
    expect(await figures(family!, orderId)).toEqual({
      orderDue: 1500,
      transfer: 1500,
      qr: 1500,
      awaitedPayment: 1500,
      dashboard: 1500,
      listDue: 1500,
      accounting: 1500,
      invoicePdfBalance: 1500,
      invoicePdfTransfer: 1500,
      orderPdfBalance: 1500,
      orderPdfTransfer: 1500,
    });
    // More than what is due is refused (the credit counts).
    const tooMuch = await call(manager, 'POST', `/api/orders/${orderId}/payments/offline`, { amount: 1600 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('Le montant dépasse le solde dû de la commande.');

    // 4. The family transfers the 15 € with the structured reference; the bank statement settles the order.
    const reference = placed.transfer.reference.replace(/\D/g, '');
    const { body, contentType } = multipart([
      {
        name: 'file',
        filename: 'releve.xml',
        contentType: 'application/xml',
        data: statement(1500, reference),
      },
    ]);
    const imported = await t.request('POST', '/api/bank-statements', {
      token: manager,
      organizationId: ORG,
      body,
      headers: { 'content-type': contentType },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ matched: 1 });
    expect(await figures(family!, orderId)).toEqual({
      orderDue: 0,
      transfer: null,
      qr: null,
      awaitedPayment: 0,
      dashboard: null,
      listDue: 0,
      accounting: 0,
      invoicePdfBalance: 0,
      invoicePdfTransfer: null,
      orderPdfBalance: 0,
      orderPdfTransfer: null,
    });
    const settled = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    expect(settled).toMatchObject({
      status: 'completed',
      paidAmount: 2500,
      creditedAmount: 2500,
      nextStep: 'none',
    });
    expect((await ok(manager, 'GET', `/api/invoices/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      balance: 0,
      creditNotes: [expect.objectContaining({ settlement: 'deducted' })],
    });
  });

  it('an order credited in full before any payment asks nothing: no transfer, no QR, nothing awaited', async () => {
    const activity = await createActivity(t.db, {
      name: 'Stage de voile',
      price: 3000,
      taxPercentage: 0,
      sessions: [{ start: new Date(Date.now() + 12 * DAY) }],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    await ok(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
    });
    const orderId: string = (
      await ok(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' })
    ).json().order.id;
    const placed = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    await ok(manager, 'POST', `/api/participants/${placed.lines[0].participantId}/cancel`, {});
    const order = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ amountDue: 0, creditedAmount: 3000, liveLinesCount: 0, transfer: null });
    expect(order.payments.filter((p: { status: string }) => p.status === 'open')).toEqual([]);
    const pending = (await ok(family!.token, 'GET', '/api/orders', undefined, { status: 'pending' })).json();
    expect(
      pending.items.filter((o: { id: string; amountDue: number }) => o.id === orderId && o.amountDue > 0),
    ).toEqual([]);
  });

  it('a credit note on a paid order that sent no money back says so', async () => {
    const activity = await createActivity(t.db, {
      name: 'Stage de tennis',
      price: 4000,
      taxPercentage: 0,
      sessions: [{ start: new Date(Date.now() + 13 * DAY) }],
    });
    const [family] = await createFamilies(t.app.ctx, 1);
    await ok(family!.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: activity.serviceIds,
      memberIds: [family!.childId],
    });
    const orderId: string = (
      await ok(family!.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' })
    ).json().order.id;
    await ok(manager, 'POST', `/api/orders/${orderId}/payments/offline`, {});
    const [invoice] = (await ok(manager, 'GET', '/api/invoices', undefined, { orderId })).json().items;
    await ok(manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice.id,
      reason: 'Geste commercial',
      lines: [{ description: 'Geste commercial', quantity: 1, unitPrice: 1000, taxPercentage: 0 }],
      refund: false,
    });
    const notes = (await ok(manager, 'GET', `/api/invoices/${invoice.id}`)).json().creditNotes;
    expect(notes).toEqual([expect.objectContaining({ refunded: false, settlement: 'not-refunded' })]);
    const order = (await ok(family!.token, 'GET', `/api/orders/${orderId}`)).json();
    expect(order).toMatchObject({ amountDue: 0, transfer: null });
  });
});
