import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalAcceptances, organizations } from '../src/db/schema';
import { DEMO_ACCOUNTS, SECOND_ESTABLISHMENT_ID } from '../src/demo/accounts';
import { createDocumentStore } from '../src/modules/documents/document-store';
import { multipart } from './helpers/multipart';
import { createActivity, createFamilies, createPeriod, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The documents list (`/documents`) and the legal documents: one list per viewer (a family its own
 * invoices, credit notes, orders, documents and the published legal ones; managers all of them, an
 * establishment manager his establishment's), uploads refused by content and size, versions published
 * and accepted again, and the stored file served as an attachment that is never cached.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;
type Who = 'manager' | 'admin' | 'estManager' | 'holder' | 'parent';

let t: TestApp;
const tokens = {} as Record<Who, string>;
let familyA: FamilyFixture;
let familyB: FamilyFixture;
let periodId: string;
const statuses: number[] = [];

/** A small real-looking PDF (the header is what is checked; the rest is its body). */
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'admin', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
  const made = await createFamilies(t.app.ctx, 2, { childBirthdate: '2017-05-01' });
  familyA = made[0]!;
  familyB = made[1]!;
  // Each family orders one session (offline: an invoice at checkout), before any ROI is published.
  periodId = await createPeriod(t.db, { name: 'Saison des documents' });
  const activity = await createActivity(t.db, {
    name: 'Natation',
    price: 2500,
    sessions: [
      { start: new Date(Date.now() + 7 * DAY), periodId },
      { start: new Date(Date.now() + 8 * DAY) },
    ],
  });
  for (const [family, serviceId] of [
    [familyA, activity.serviceIds[0]!],
    [familyB, activity.serviceIds[1]!],
  ] as const) {
    const added = await call(family.token, 'POST', '/api/cart/items', {
      blueprintId: activity.blueprintId,
      serviceIds: [serviceId],
      memberIds: [family.childId],
      supplementIds: [],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const checkout = await call(family.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
    expect(checkout.statusCode, checkout.body).toBe(201);
  }
});

afterAll(async () => {
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  await t?.close();
});

async function call(
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  const response = await t.request(method, url, {
    token,
    organizationId: ORG,
    body,
    query,
    headers: { 'accept-language': 'fr' },
  });
  statuses.push(response.statusCode);
  return response;
}

async function upload(
  token: string,
  data: Buffer,
  query: Record<string, string>,
  contentType = 'application/pdf',
) {
  const { body, contentType: header } = multipart([
    { name: 'file', filename: 'reglement.pdf', contentType, data },
  ]);
  const response = await t.request('POST', '/api/documents/legal', {
    token,
    organizationId: ORG,
    body,
    query,
    headers: { 'content-type': header, 'accept-language': 'fr' },
  });
  statuses.push(response.statusCode);
  return response;
}

const list = async (token: string, query: Record<string, string> = {}) => {
  const response = await call(token, 'GET', '/api/documents', undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: {
      id: string;
      kind: string;
      source: string;
      title: string;
      downloadPath: string;
      version: number | null;
      publishedAt: string | null;
    }[];
    total: number;
  };
};

describe('legal documents: upload, versions and re-acceptance', () => {
  it('publishes a new ROI as version 2: families are asked to accept it again, and each acceptance is kept', async () => {
    const first = await upload(tokens.manager, pdf('v1'), { kind: 'legal.roi', title: 'ROI 2026' });
    expect(first.statusCode, first.body).toBe(201);
    const v1 = first.json();
    expect(v1).toMatchObject({ kind: 'legal.roi', version: 1, publishedAt: null, status: 'ready' });

    // A draft: the family neither lists nor downloads it, and nobody is asked to accept anything.
    expect((await list(familyA.token)).items.map((item) => item.id)).not.toContain(v1.id);
    expect((await call(familyA.token, 'GET', `/api/documents/${v1.id}/file`)).statusCode).toBe(404);
    expect((await call(familyA.token, 'GET', '/api/me/conditions')).json().roi.mustAccept).toBe(false);

    const published = await call(tokens.manager, 'POST', `/api/documents/${v1.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    const [organization] = await t.db.select().from(organizations).where(eq(organizations.id, ORG));
    expect(organization!.roiPublishedAt?.toISOString()).toBe(published.json().publishedAt);

    let conditions = (await call(familyA.token, 'GET', '/api/me/conditions')).json();
    expect(conditions.roi).toMatchObject({
      mustAccept: true,
      documentId: v1.id,
      version: 1,
      acceptedVersion: null,
    });
    // The family can read what it is asked to accept.
    const file = await call(familyA.token, 'GET', `/api/documents/${v1.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf('v1'))).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="roi-v1.pdf"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    expect((await call(familyA.token, 'PATCH', '/api/me/conditions/accept-roi')).json().roi).toMatchObject({
      mustAccept: false,
      acceptedVersion: 1,
    });

    // Publishing twice is refused; a new version is a new upload.
    const again = await call(tokens.manager, 'POST', `/api/documents/${v1.id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('document_already_published');

    const v2 = (await upload(tokens.manager, pdf('v2'), { kind: 'legal.roi' })).json();
    expect(v2).toMatchObject({ version: 2, title: "Règlement d'ordre intérieur — v2" });
    t.clock.advance(1000);
    expect((await call(tokens.manager, 'POST', `/api/documents/${v2.id}/publish`)).statusCode).toBe(200);
    conditions = (await call(familyA.token, 'GET', '/api/me/conditions')).json();
    expect(conditions.roi).toMatchObject({
      mustAccept: true,
      version: 2,
      documentId: v2.id,
      acceptedVersion: 1,
    });

    // The family's list shows the version in force only.
    const legal = (await list(familyA.token, { kind: 'legal.roi' })).items;
    expect(legal.map((item) => item.id)).toEqual([v2.id]);
    // Managers see every version.
    const all = (await list(tokens.manager, { kind: 'legal.roi' })).items;
    expect(all.map((item) => item.version)).toEqual([2, 1]);

    // Accepting the version read before v2 came out records nothing: the family has not read v2.
    const stale = await call(familyA.token, 'PATCH', `/api/me/conditions/accept-roi?documentId=${v1.id}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Une nouvelle version a été publiée entre-temps : lisez-la avant de l’accepter.',
    );
    expect((await call(familyA.token, 'GET', '/api/me/conditions')).json().roi.mustAccept).toBe(true);
    const tooLong = await call(
      familyA.token,
      'PATCH',
      `/api/me/conditions/accept-roi?documentId=${'x'.repeat(101)}`,
    );
    expect(tooLong.statusCode).toBe(400);

    await call(familyA.token, 'PATCH', `/api/me/conditions/accept-roi?documentId=${v2.id}`);
    const kept = await t.db
      .select()
      .from(legalAcceptances)
      .where(and(eq(legalAcceptances.organizationId, ORG), eq(legalAcceptances.userId, familyA.userId)))
      .orderBy(legalAcceptances.acceptedAt);
    expect(kept.map((row) => [row.kind, row.version, row.documentId])).toEqual([
      ['legal.roi', 1, v1.id],
      ['legal.roi', 2, v2.id],
    ]);
  });

  it('publishing legal mentions sets their own publication time', async () => {
    const mentions = (await upload(tokens.admin, pdf('mentions'), { kind: 'legal.mentions' })).json();
    await call(tokens.admin, 'POST', `/api/documents/${mentions.id}/publish`);
    const conditions = (await call(familyB.token, 'GET', '/api/me/conditions')).json();
    expect(conditions.legalMentions).toMatchObject({ mustAccept: true, documentId: mentions.id, version: 1 });
  });

  it('refuses a file that is not a PDF by its content, an SVG with a script, a file over 10 MB, a missing file', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const asSvg = await upload(tokens.manager, svg, { kind: 'legal.other' }, 'image/svg+xml');
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json()).toMatchObject({
      error: 'legal_document_not_pdf',
      message: 'Le document doit être un fichier PDF.',
    });
    // Declared a PDF, named .pdf: still refused by its content.
    expect((await upload(tokens.manager, svg, { kind: 'legal.other' })).json().error).toBe(
      'legal_document_not_pdf',
    );
    const html = Buffer.from('<html><body>%PDF-1.4</body></html>');
    expect((await upload(tokens.manager, html, { kind: 'legal.other' })).statusCode).toBe(415);

    const large = Buffer.concat([pdf('large'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(tokens.manager, large, { kind: 'legal.other' });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('legal_document_too_large');

    const empty = await upload(tokens.manager, Buffer.alloc(0), { kind: 'legal.other' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      expect.objectContaining({ field: 'file', message: 'Choisissez un fichier PDF' }),
    ]);

    const badKind = await upload(tokens.manager, pdf('x'), { kind: 'report.orders' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().details[0]).toMatchObject({ field: 'kind' });
    const longTitle = await upload(tokens.manager, pdf('x'), { kind: 'legal.other', title: 'x'.repeat(201) });
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json().details[0]).toMatchObject({ field: 'title' });
  });

  it('gives uploads of one kind at the same moment their own versions', async () => {
    const uploads = await Promise.all(
      ['a', 'b', 'c'].map((text) => upload(tokens.manager, pdf(text), { kind: 'legal.other' })),
    );
    expect(uploads.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    const versions = uploads.map((response) => response.json().version as number);
    expect(new Set(versions).size).toBe(3);
  });

  it('lets only organisation managers upload and publish', async () => {
    for (const who of ['parent', 'holder', 'estManager'] as const) {
      expect((await upload(tokens[who], pdf('x'), { kind: 'legal.other' })).statusCode).toBe(403);
    }
    const draft = (await upload(tokens.manager, pdf('draft'), { kind: 'legal.other' })).json();
    expect((await call(tokens.parent, 'POST', `/api/documents/${draft.id}/publish`)).statusCode).toBe(403);
    expect((await call(tokens.estManager, 'POST', `/api/documents/${draft.id}/publish`)).statusCode).toBe(
      403,
    );
    expect((await call(tokens.manager, 'POST', '/api/documents/doc_unknown/publish')).statusCode).toBe(404);
  });
});

describe('the documents list', () => {
  it('shows a family its own invoices and orders, never another family’s', async () => {
    const mine = await list(familyA.token);
    const sources = mine.items.map((item) => item.source);
    expect(sources).toContain('invoice');
    expect(sources).toContain('order');
    const invoice = mine.items.find((item) => item.source === 'invoice')!;
    expect(invoice.title).toMatch(/^Facture \d{4}-\d{6}$/);
    expect(invoice.downloadPath).toBe(`/invoices/${invoice.id}/pdf`);
    const theirs = await list(familyB.token);
    const theirIds = new Set(theirs.items.filter((i) => i.source !== 'stored').map((item) => item.id));
    expect(mine.items.some((item) => theirIds.has(item.id))).toBe(false);
    // Each listed billing document downloads, and is drawn again byte for byte a moment later.
    const order = mine.items.find((item) => item.source === 'order')!;
    for (const item of [invoice, order]) {
      const first = await call(familyA.token, 'GET', `/api${item.downloadPath}`);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/pdf');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await call(familyA.token, 'GET', `/api${item.downloadPath}`);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    expect(order.downloadPath).toBe(`/orders/${order.id}/pdf`);
  });

  it('keeps a family’s stored document to that family, and a report to its establishment', async () => {
    const store = createDocumentStore(t.db);
    const certificate = await store.create({
      organizationId: ORG,
      kind: 'certificate.tax',
      title: 'Attestation fiscale 2026',
      fileName: 'attestation.pdf',
      contentType: 'application/pdf',
      familyId: familyA.familyId,
      memberId: familyA.childId,
      year: 2026,
    });
    await store.save(ORG, certificate, pdf('certificate'));
    const poolReport = await store.create({
      organizationId: ORG,
      kind: 'report.members-list',
      title: 'Liste piscine',
      fileName: 'liste.csv',
      contentType: 'text/csv; charset=utf-8',
      establishmentId: SECOND_ESTABLISHMENT_ID,
    });
    await store.save(ORG, poolReport, Buffer.from('a;b\r\n'));
    const mainReport = await store.create({
      organizationId: ORG,
      kind: 'report.orders',
      title: 'Commandes',
      fileName: 'commandes.csv',
      contentType: 'text/csv; charset=utf-8',
      establishmentId: 'est_default',
    });
    await store.save(ORG, mainReport, Buffer.from('a;b\r\n'));

    expect((await list(familyA.token)).items.map((item) => item.id)).toContain(certificate);
    expect((await list(familyB.token)).items.map((item) => item.id)).not.toContain(certificate);
    expect((await call(familyB.token, 'GET', `/api/documents/${certificate}/file`)).statusCode).toBe(404);
    expect((await call(familyB.token, 'GET', `/api/documents/${certificate}`)).statusCode).toBe(404);
    expect((await call(familyA.token, 'GET', `/api/documents/${mainReport}/file`)).statusCode).toBe(404);

    // The demo establishment manager runs the pool.
    const estIds = (await list(tokens.estManager, { origin: 'generated' })).items.map((item) => item.id);
    expect(estIds).toContain(poolReport);
    expect(estIds).not.toContain(mainReport);
    expect(estIds).not.toContain(certificate);
    expect((await call(tokens.estManager, 'GET', `/api/documents/${mainReport}/file`)).statusCode).toBe(404);
    expect((await call(tokens.estManager, 'GET', `/api/documents/${poolReport}/file`)).statusCode).toBe(200);
    const managerIds = (await list(tokens.manager, { origin: 'generated' })).items.map((item) => item.id);
    expect(managerIds).toEqual(expect.arrayContaining([poolReport, mainReport, certificate]));
    // The manager's filters: by kind, by member, by dates.
    expect((await list(tokens.manager, { kind: 'certificate.tax' })).items.map((i) => i.id)).toEqual([
      certificate,
    ]);
    const byMember = await list(tokens.manager, { memberId: familyA.childId });
    expect(byMember.items.map((item) => item.source)).toEqual(expect.arrayContaining(['stored', 'invoice']));
    expect(byMember.items.map((item) => item.id)).not.toContain(mainReport);
    // Each row names its member, so the screen can narrow the list to them from a row.
    expect(byMember.items.find((item) => item.id === certificate)).toMatchObject({
      memberId: familyA.childId,
      memberName: expect.any(String),
    });
    expect((await list(tokens.manager, { from: '2199-01-01' })).total).toBe(0);
    // By period: the billing documents of the orders with a session of that period only.
    const inPeriod = (await list(tokens.manager, { periodId })).items;
    const familyAIds = new Set((await list(familyA.token)).items.map((item) => item.id));
    expect(inPeriod.map((item) => item.source).sort()).toEqual(['invoice', 'order']);
    expect(inPeriod.every((item) => familyAIds.has(item.id))).toBe(true);
  });

  it('answers bad filters with French field messages, never a 500', async () => {
    const bad = await call(tokens.manager, 'GET', '/api/documents', undefined, {
      kind: 'nope',
      from: '2026-13-45',
      pageSize: '1000',
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'from', 'pageSize']));
    expect(bad.json().details.find((d: { field: string }) => d.field === 'from').message).toBe(
      'Date invalide (format AAAA-MM-JJ)',
    );
    const anonymous = await t.request('GET', '/api/documents');
    expect(anonymous.statusCode).toBe(401);
  });
});
