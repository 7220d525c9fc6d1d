import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  certificates,
  memberTaxIdentities,
  organizations,
  participants,
  periods,
  services,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, SECOND_ESTABLISHMENT_ID } from '../src/demo/accounts';
import { certificateBatchHandler } from '../src/modules/certificates/certificate-batches';
import { createCertificateIssuer } from '../src/modules/certificates/certificate-issue';
import { createActivity, createFamilies, createPeriod, type FamilyFixture } from './helpers/order-fixtures';
import { multipart } from './helpers/multipart';
import { pdfPages, pdfText } from './helpers/pdf-text';
import { transparentPng } from './helpers/png';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Certificates over HTTP: the organisation's mutual profile (seal and signature uploads refused by content
 * and size), a family's health-mutual certificate for a paid registration (amount net of credit notes,
 * issued once then the same file), the 281.86 with its encrypted national register numbers and the
 * Belcotax export, rights (a family never reaches another's, an establishment manager only his
 * establishment's), and bulk batches resumed after an interruption without any duplicate.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;
let t: TestApp;
const tokens = {} as Record<'manager' | 'estManager' | 'parent' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'estManager', 'parent', 'admin'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) => t.request(method, url, { token, organizationId: ORG, body, headers: { 'accept-language': 'fr' } });

function upload(token: string, image: 'seal' | 'signature', data: Buffer, contentType = 'image/png') {
  const form = multipart([{ name: 'file', data, filename: `${image}.png`, contentType }]);
  return t.request('PUT', `/api/organizations/${ORG}/mutual-profile/${image}`, {
    token,
    organizationId: ORG,
    body: form.body,
    headers: { 'content-type': form.contentType, 'accept-language': 'fr' },
  });
}

async function family(): Promise<FamilyFixture> {
  const [f] = await createFamilies(t.app.ctx, 1, { childBirthdate: '2018-03-01' });
  return f!;
}

/** An activity at 20 € a session, sessions two days from now, optionally in a period or an establishment. */
async function activity(count: number, options: { periodId?: string; establishmentId?: string } = {}) {
  const start = Date.now() + 2 * DAY;
  return createActivity(t.db, {
    name: `Natation ${Math.random().toString(36).slice(2, 6)}`,
    price: 2000,
    establishmentId: options.establishmentId,
    sessions: Array.from({ length: count }, (_, i) => ({
      start: new Date(start + i * DAY),
      periodId: options.periodId,
    })),
  });
}

/** The family registers its child (cart, offline checkout), the manager records the transfer. */
async function registerAndPay(f: FamilyFixture, blueprintId: string, serviceIds: string[]) {
  const added = await call(f.token, 'POST', '/api/cart/items', {
    blueprintId,
    serviceIds,
    memberIds: [f.childId],
    supplementIds: [],
  });
  expect(added.statusCode, added.body).toBeLessThan(300);
  const checkout = await call(f.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
  const orderId = checkout.json().order.id as string;
  const paid = await call(tokens.manager, 'POST', `/api/orders/${orderId}/payments/offline`, {});
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The sessions took place (moved into the past): the child attended them. */
async function heldInThePast(serviceIds: string[]) {
  await t.db
    .update(services)
    .set({ startDateTime: sql`${services.startDateTime} - interval '20 days'` })
    .where(and(eq(services.organizationId, ORG), inArray(services.id, serviceIds)));
}

/**
 * The year is over: the clock moves to 2 January of next year, the family and the manager sign in again
 * (their tokens expired meanwhile), then the clock comes back for the next tests.
 */
async function afterTheYear(
  families: FamilyFixture[],
  run: (signedIn: { families: string[]; manager: string }) => Promise<void>,
) {
  const now = t.clock.now();
  const shift = Date.UTC(now.getUTCFullYear() + 1, 0, 2, 12) - now.getTime();
  t.clock.advance(shift);
  try {
    const manager = (await t.signIn(DEMO_ACCOUNTS.manager)).accessToken;
    const signed = await Promise.all(
      families.map(
        async (f) =>
          (await t.app.ctx.tokens.sign({ userId: f.userId, organizationId: ORG, sessionId: f.sessionId }))
            .token,
      ),
    );
    await run({ families: signed, manager });
  } finally {
    t.clock.advance(-shift);
  }
}

describe('the mutual profile (« Mutuelle » step)', () => {
  it('is incomplete until the seal and the signature are uploaded, and refuses certificates meanwhile', async () => {
    // The demo club has both (seed): removed, the step is incomplete again.
    const seeded = await call(tokens.manager, 'GET', `/api/organizations/${ORG}/mutual-profile`);
    expect(seeded.json()).toMatchObject({ complete: true, signatoryName: 'Marc Lambert' });
    expect(seeded.json().seal.contentType).toBe('image/png');
    for (const image of ['seal', 'signature']) {
      const removed = await call(
        tokens.manager,
        'DELETE',
        `/api/organizations/${ORG}/mutual-profile/${image}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const profile = await call(tokens.manager, 'GET', `/api/organizations/${ORG}/mutual-profile`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ seal: null, signature: null, complete: false });

    const f = await family();
    const { blueprintId, serviceIds } = await activity(1);
    await registerAndPay(f, blueprintId, serviceIds);
    const refused = await call(f.token, 'POST', '/api/certificates/health-mutual', {
      memberId: f.childId,
      blueprintId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('certificate_profile_incomplete');
  });

  it('refuses an SVG with a script, a text file dressed as PNG and an image over 1 MB', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asSvg = await upload(tokens.manager, 'seal', svg, 'image/svg+xml');
    expect(asSvg.statusCode).toBe(415);
    expect(asSvg.json()).toMatchObject({
      error: 'certificate_image_type',
      message: 'Le cachet et la signature doivent être des images PNG ou JPEG.',
    });
    expect((await upload(tokens.manager, 'seal', svg, 'image/png')).json().error).toBe(
      'certificate_image_type',
    );
    const fake = await upload(tokens.manager, 'signature', Buffer.from('pas une image'), 'image/png');
    expect(fake.json().error).toBe('certificate_image_type');
    const big = Buffer.concat([transparentPng(), Buffer.alloc(1024 * 1024 + 10)]);
    const tooLarge = await upload(tokens.manager, 'seal', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('certificate_image_too_large');
    const bad = await call(tokens.manager, 'PATCH', `/api/organizations/${ORG}/mutual-profile`, {
      signatoryName: 'x'.repeat(300),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: 'signatoryName' });
    expect(bad.json().details[0].message).toMatch(/caractères/);
  });

  it('only organisation managers edit it', async () => {
    expect((await call(tokens.parent, 'GET', `/api/organizations/${ORG}/mutual-profile`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(tokens.estManager, 'GET', `/api/organizations/${ORG}/mutual-profile`)).statusCode,
    ).toBe(403);
    expect((await upload(tokens.parent, 'seal', transparentPng())).statusCode).toBe(403);
  });

  it('keeps a transparent PNG as uploaded and becomes complete', async () => {
    const seal = transparentPng(48);
    const saved = await upload(tokens.manager, 'seal', seal);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await upload(tokens.manager, 'signature', transparentPng(40, [0, 0, 0]))).statusCode).toBe(200);
    const patched = await call(tokens.manager, 'PATCH', `/api/organizations/${ORG}/mutual-profile`, {
      recognitionText: 'Club reconnu par la Fédération francophone de natation',
      signatoryName: 'Anne Martin',
      signatoryRole: 'Présidente',
      taxApprovalBody: "Office de la Naissance et de l'Enfance (ONE)",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ complete: true, signatoryName: 'Anne Martin' });
    // Served to the organisation's managers only, never by the public asset route: nobody can lift it.
    const url = patched.json().seal.url as string;
    const served = await call(tokens.manager, 'GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(served.rawPayload, seal)).toBe(0);
    expect((await t.request('GET', url)).statusCode).toBe(401);
    expect((await call(tokens.parent, 'GET', url)).statusCode).toBe(403);
    expect((await call(tokens.estManager, 'GET', url)).statusCode).toBe(403);
    const publicRoute = `/api/assets/serve/${patched.json().seal.id}?orgId=${ORG}`;
    expect((await t.request('GET', publicRoute)).statusCode).toBe(404);
    // Nor can it become the invoices' logo, which is public.
    const asLogo = await call(tokens.manager, 'PATCH', `/api/organizations/${ORG}`, {
      documentLogoAssetId: patched.json().seal.id,
    });
    expect(asLogo.statusCode).toBe(400);
    expect(asLogo.json().details[0]).toMatchObject({ field: 'documentLogoAssetId', rule: 'unknown_asset' });
    const warnings = await call(tokens.manager, 'GET', `/api/organizations/${ORG}/warnings`);
    expect(JSON.stringify(warnings.json())).not.toContain('"mutual"');
  });
});

describe('a health-mutual certificate', () => {
  let parent: FamilyFixture;
  let certificateId: string;

  it('states what the family actually paid, with the dates and the seal, in one stored document', async () => {
    parent = await family();
    const { blueprintId, serviceIds } = await activity(2);
    await registerAndPay(parent, blueprintId, serviceIds);
    await heldInThePast(serviceIds);

    const offered = await call(parent.token, 'GET', '/api/certificates/family');
    expect(offered.statusCode, offered.body).toBe(200);
    const option = offered
      .json()
      .healthMutual.find((o: { blueprintId: string }) => o.blueprintId === blueprintId);
    expect(option).toMatchObject({ paidCents: 4000, certificate: null });

    const issued = await call(parent.token, 'POST', '/api/certificates/health-mutual', {
      memberId: parent.childId,
      blueprintId,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ kind: 'health-mutual', amountCents: 4000 });
    expect(issued.json().number).toMatch(/^MUT-\d{4}-\d{6}$/);
    certificateId = issued.json().id;

    const file = await call(parent.token, 'GET', issued.json().fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(file.rawPayload);
    expect(text).toContain("Cachet de l'organisation");
    expect(text).toContain('Montant effectivement payé : 40,00 €');
    expect(text).toContain(issued.json().number);
    expect(text).toMatch(/Du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}/);
    expect(text).toContain('Anne Martin, Présidente');
    expect(text).not.toContain('(non fourni)');

    // The same document through the documents store's row.
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificateId));
    expect(row!.documentId).toBe(issued.json().documentId);

    // Asked again: the same certificate, number and bytes; rendered again from its facts: the same file.
    const again = await call(parent.token, 'POST', '/api/certificates/health-mutual', {
      memberId: parent.childId,
      blueprintId,
    });
    expect(again.json()).toMatchObject({ id: certificateId, number: issued.json().number });
    const rendered = await createCertificateIssuer(t.app.ctx).render(t.db, ORG, [row!], {
      title: row!.facts.number as string,
      locale: 'fr',
    });
    // The same content, page for page. Not compared byte for byte: pdfkit numbers the transparency
    // masks of the seal and the signature as their PNGs finish decoding (asynchronously), so their
    // objects may come in either order under load (one CI run in a few).
    expect(await pdfPages(rendered)).toEqual(await pdfPages(file.rawPayload));

    const copy = await call(parent.token, 'GET', `${issued.json().fileUrl}?duplicate=true`);
    expect(await pdfText(copy.rawPayload)).toContain('DUPLICATA');
  });

  it('is net of credit notes: a session cancelled and refunded is not counted', async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(2);
    await registerAndPay(f, blueprintId, serviceIds);
    const [first] = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(
        and(
          eq(participants.organizationId, ORG),
          eq(participants.serviceId, serviceIds[0]!),
          eq(participants.memberId, f.childId),
        ),
      );
    const cancelled = await call(tokens.manager, 'POST', `/api/participants/${first!.id}/cancel`, {
      reason: 'Blessure',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const issued = await call(f.token, 'POST', '/api/certificates/health-mutual', {
      memberId: f.childId,
      blueprintId,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().amountCents).toBe(2000);
    expect(await pdfText((await call(f.token, 'GET', issued.json().fileUrl)).rawPayload)).toContain(
      '20,00 €',
    );
  });

  it('is issued anew, under a new number, when what was paid changed since it was issued', async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(2);
    await registerAndPay(f, blueprintId, serviceIds);
    const ask = () =>
      call(f.token, 'POST', '/api/certificates/health-mutual', { memberId: f.childId, blueprintId });
    const first = await ask();
    expect(first.json().amountCents).toBe(4000);
    const option = async () =>
      (await call(f.token, 'GET', '/api/certificates/family'))
        .json()
        .healthMutual.find((o: { blueprintId: string }) => o.blueprintId === blueprintId);
    expect(await option()).toMatchObject({
      certificateOutdated: false,
      certificate: { id: first.json().id },
    });

    // One session cancelled and refunded: the certificate issued says 40 €, the family paid 20 €.
    const [participant] = await t.db
      .select({ id: participants.id })
      .from(participants)
      .where(and(eq(participants.serviceId, serviceIds[1]!), eq(participants.memberId, f.childId)));
    const cancelled = await call(tokens.manager, 'POST', `/api/participants/${participant!.id}/cancel`, {
      reason: 'Blessure',
      refund: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await option()).toMatchObject({
      paidCents: 2000,
      certificateOutdated: true,
      certificate: { id: first.json().id, amountCents: 4000 },
    });

    const second = await ask();
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ amountCents: 2000 });
    expect(second.json().number).not.toBe(first.json().number);
    expect(await pdfText((await call(f.token, 'GET', second.json().fileUrl)).rawPayload)).toContain(
      'Montant effectivement payé : 20,00 €',
    );
    expect(await option()).toMatchObject({
      certificateOutdated: false,
      certificate: { id: second.json().id },
    });
    // Asked once more: the same one. The first stays what it was when it was issued.
    expect((await ask()).json().id).toBe(second.json().id);
    expect((await call(f.token, 'GET', first.json().fileUrl)).statusCode).toBe(200);
  });

  it('is lowered by a typed credit note refunded on the order, though it names no session', async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(2);
    await registerAndPay(f, blueprintId, serviceIds);
    const [invoice] = await t.database.query<{ id: string }>(
      'select id from invoices where organization_id = $1 and family_id = $2 and number is not null',
      [ORG, f.familyId],
    );
    const credit = await call(tokens.manager, 'POST', '/api/credit-notes', {
      invoiceId: invoice!.id,
      reason: 'Geste commercial',
      lines: [{ description: 'Réduction fratrie', quantity: 1, unitPrice: 1000, taxPercentage: 0 }],
      refund: true,
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const issued = await call(f.token, 'POST', '/api/certificates/health-mutual', {
      memberId: f.childId,
      blueprintId,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    // 2 × 20,00 € paid, 10,00 € given back: 30,00 € stated.
    expect(issued.json().amountCents).toBe(3000);
  });

  it('is refused for a registration nothing was paid for', async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(1);
    const added = await call(f.token, 'POST', '/api/cart/items', {
      blueprintId,
      serviceIds,
      memberIds: [f.childId],
      supplementIds: [],
    });
    expect(added.statusCode).toBeLessThan(300);
    expect(
      (await call(f.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' })).statusCode,
    ).toBe(201);
    const refused = await call(f.token, 'POST', '/api/certificates/health-mutual', {
      memberId: f.childId,
      blueprintId,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('certificate_nothing_paid');
  });

  it('is never reached by another family; establishment managers only reach their establishment', async () => {
    const other = await family();
    expect((await call(other.token, 'GET', `/api/certificates/${certificateId}/file`)).statusCode).toBe(404);
    const foreignChild = await call(other.token, 'POST', '/api/certificates/health-mutual', {
      memberId: parent.childId,
      blueprintId: 'bp_x',
    });
    expect(foreignChild.statusCode).toBe(404);
    expect((await call(tokens.manager, 'GET', `/api/certificates/${certificateId}/file`)).statusCode).toBe(
      200,
    );
    // The activity is the default establishment's; the demo's establishment manager runs the pool.
    expect((await call(tokens.estManager, 'GET', `/api/certificates/${certificateId}/file`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(tokens.manager, 'POST', '/api/certificates/health-mutual', {
          memberId: parent.childId,
          blueprintId: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('answers 400 with French field messages on bad input', async () => {
    const bad = await call(parent.token, 'POST', '/api/certificates/health-mutual', {
      memberId: '',
      blueprintId: 3,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['blueprintId', 'memberId']);
    expect(bad.json().details[0].message).toMatch(/requis|texte/);
    const year = await call(parent.token, 'POST', '/api/certificates/tax', {
      memberId: parent.childId,
      year: 1990,
    });
    expect(year.statusCode).toBe(400);
    expect(year.json().details[0].message).toBe("L'année doit être comprise entre 2000 et 2100");
  });
});

describe('the 281.86 and its Belcotax export', () => {
  it('asks the national register numbers first, stores them encrypted, then issues and exports', async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(3);
    await registerAndPay(f, blueprintId, serviceIds);
    // Paid but not attended yet: no 281.86 offered.
    expect((await call(f.token, 'GET', '/api/certificates/family')).json().years).toEqual([]);
    await heldInThePast(serviceIds);
    const year = new Date().getFullYear();
    const offered = (await call(f.token, 'GET', '/api/certificates/family')).json().years;
    expect(offered).toEqual([
      expect.objectContaining({
        memberId: f.childId,
        year,
        paidCents: 6000,
        identityOnFile: false,
        yearEnded: false,
      }),
    ]);
    // The year is not over: December's expenses would be missing.
    const early = await call(f.token, 'POST', '/api/certificates/tax', { memberId: f.childId, year });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `L'attestation de l'année ${year} sera disponible à partir du 1er janvier ${year + 1}, une fois l'année terminée.`,
    );
    const earlyBatch = await call(tokens.manager, 'POST', '/api/certificates/batches', { kind: 'tax', year });
    expect(earlyBatch.json().error).toBe('certificate_year_not_over');

    await afterTheYear([f], async ({ families: [token], manager }) => {
      const family = (await call(token!, 'GET', '/api/certificates/family')).json().years;
      expect(family).toEqual([expect.objectContaining({ year, yearEnded: true })]);
      const missing = await call(token!, 'POST', '/api/certificates/tax', { memberId: f.childId, year });
      expect(missing.statusCode).toBe(409);
      expect(missing.json().error).toBe('certificate_identity_missing');

      const wrong = await call(token!, 'PUT', `/api/certificates/tax-identities/${f.childId}`, {
        childNationalNumber: '18030100012',
        debtorNationalNumber: '85073003328',
        debtorFirstName: 'Marie',
        debtorLastName: 'Dupont',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details[0]).toMatchObject({
        field: 'childNationalNumber',
        message: 'Numéro de registre national invalide (11 chiffres, chiffre de contrôle)',
      });
      const saved = await call(token!, 'PUT', `/api/certificates/tax-identities/${f.childId}`, {
        childNationalNumber: '19.03.15-012.84',
        debtorNationalNumber: '85.07.30-033.28',
        debtorFirstName: 'Marie',
        debtorLastName: 'Dupont',
      });
      expect(saved.statusCode, saved.body).toBe(204);
      const [stored] = await t.db
        .select()
        .from(memberTaxIdentities)
        .where(eq(memberTaxIdentities.memberId, f.childId));
      expect(JSON.stringify(stored)).not.toContain('19031501284');
      expect(JSON.stringify(stored)).not.toContain('85073003328');

      const issued = await call(token!, 'POST', '/api/certificates/tax', { memberId: f.childId, year });
      expect(issued.statusCode, issued.body).toBe(200);
      const [cert] = issued.json().items;
      expect(cert).toMatchObject({ kind: 'tax', amountCents: 6000 });
      const text = await pdfText((await call(token!, 'GET', cert.fileUrl)).rawPayload);
      expect(text).toContain(`Attestation n° 281.86 (année des dépenses ${year})`);
      expect(text).toContain('19031501284');
      expect(text).toContain('Total payé : 60,00 €');
      const [row] = await t.db.select().from(certificates).where(eq(certificates.id, cert.id));
      expect(JSON.stringify(row!.facts)).not.toContain('19031501284');

      const estManager = (await t.signIn(DEMO_ACCOUNTS.estManager)).accessToken;
      expect((await call(estManager, 'GET', `/api/certificates/belcotax/${year}`)).statusCode).toBe(403);
      expect((await call(token!, 'GET', `/api/certificates/belcotax/${year}`)).statusCode).toBe(403);
      const xml = await call(manager, 'GET', `/api/certificates/belcotax/${year}`);
      expect(xml.statusCode, xml.body).toBe(200);
      expect(xml.headers['content-disposition']).toContain(`belcotax-281-86-${year}.xml`);
      expect(xml.body).toContain('<f86_2153_nnchild>19031501284</f86_2153_nnchild>');
      expect(xml.body).toContain('<f2011_nationaalnr>85073003328</f2011_nationaalnr>');
      expect(xml.body).toContain(`<f2010_referentie>${cert.number}</f2010_referentie>`);
      expect(xml.body).toContain('<f86_2064_totalamount>6000</f86_2064_totalamount>');
      expect(xml.body).toContain(
        '<f86_2031_certificationautorisation>1</f86_2031_certificationautorisation>',
      );
      expect((await call(manager, 'GET', '/api/certificates/belcotax/1999')).statusCode).toBe(400);
    });
  });

  it("keeps a child's 281.86 from the establishment manager, though the child went only to his pool", async () => {
    const f = await family();
    const { blueprintId, serviceIds } = await activity(1, { establishmentId: SECOND_ESTABLISHMENT_ID });
    await registerAndPay(f, blueprintId, serviceIds);
    await heldInThePast(serviceIds);
    const identity = await call(f.token, 'PUT', `/api/certificates/tax-identities/${f.childId}`, {
      childNationalNumber: '19.03.15-012.84',
      debtorNationalNumber: '85.07.30-033.28',
      debtorFirstName: 'Marie',
      debtorLastName: 'Dupont',
    });
    expect(identity.statusCode, identity.body).toBe(204);
    const year = new Date().getFullYear();
    await afterTheYear([f], async ({ families: [token], manager }) => {
      const estManager = (await t.signIn(DEMO_ACCOUNTS.estManager)).accessToken;
      const issued = await call(token!, 'POST', '/api/certificates/tax', { memberId: f.childId, year });
      expect(issued.statusCode, issued.body).toBe(200);
      const [cert] = issued.json().items;
      expect((await call(estManager, 'GET', cert.fileUrl)).statusCode).toBe(404);
      const listed = (who: string) =>
        call(who, 'GET', `/api/documents?kind=certificate.tax&memberId=${f.childId}`);
      expect((await listed(estManager)).json().items).toEqual([]);
      expect((await listed(manager)).json().items).toHaveLength(1);
      expect((await call(manager, 'GET', cert.fileUrl)).statusCode).toBe(200);
    });
  });
});

describe('bulk certificates', () => {
  it('shows a batch failed once its last attempt failed, never « en cours » for ever', async () => {
    const periodId = await createPeriod(t.db, { name: 'Stage de Pâques' });
    const { blueprintId, serviceIds } = await activity(1, { periodId });
    const [f] = await createFamilies(t.app.ctx, 1);
    await registerAndPay(f!, blueprintId, serviceIds);
    const started = await call(tokens.manager, 'POST', '/api/certificates/batches', {
      kind: 'health-mutual',
      periodId,
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = {
      documentId: started.json().id,
      kind: 'health-mutual',
      periodId,
      year: null,
      establishmentId: null,
      userId: (
        await t.database.query<{ id: string }>('select id from users where email = $1', [
          DEMO_ACCOUNTS.manager,
        ])
      )[0]!.id,
      locale: 'fr',
    } as const;
    const handler = certificateBatchHandler(t.app.ctx);
    // The database drops every transaction meanwhile (a failover): each attempt fails.
    const lost = vi
      .spyOn(t.app.ctx.db, 'transaction')
      .mockRejectedValue(new Error('Connection terminated unexpectedly'));
    const status = async () =>
      (await call(tokens.manager, 'GET', `/api/certificates/batches/${started.json().id}`)).json().status;
    try {
      await expect(handler(job, { jobId: 'j', attempt: 1, organizationId: ORG })).rejects.toThrow();
      expect(await status()).not.toBe('failed');
      await expect(handler(job, { jobId: 'j', attempt: 3, organizationId: ORG })).rejects.toThrow();
    } finally {
      lost.mockRestore();
    }
    expect(await status()).toBe('failed');
  });

  it('issues a period’s certificates in the background with progress, resumed without duplicates', async () => {
    const periodId = await createPeriod(t.db, { name: 'Stage de printemps' });
    const { blueprintId, serviceIds } = await activity(1, { periodId });
    const families = await createFamilies(t.app.ctx, 4, { childBirthdate: '2017-01-01' });
    for (const f of families) await registerAndPay(f, blueprintId, serviceIds);

    // An earlier attempt issued the first two before it was cut short.
    const issuer = createCertificateIssuer(t.app.ctx);
    const sorted = [...families].sort((a, b) => a.childId.localeCompare(b.childId));
    const early = [];
    for (const f of sorted.slice(0, 2)) {
      early.push(
        ...(await issuer.issue(
          ORG,
          { kind: 'health-mutual', memberId: f.childId, blueprintId, periodId },
          null,
        )),
      );
    }

    const refused = await call(tokens.parent, 'POST', '/api/certificates/batches', {
      kind: 'health-mutual',
      periodId,
    });
    expect(refused.statusCode).toBe(403);
    const noScope = await call(tokens.manager, 'POST', '/api/certificates/batches', {
      kind: 'health-mutual',
    });
    expect(noScope.statusCode).toBe(400);

    const started = await call(tokens.manager, 'POST', '/api/certificates/batches', {
      kind: 'health-mutual',
      periodId,
    });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ status: 'pending', done: 0 });
    // Two workers run it at once (a lease taken over): still one certificate per child.
    const job = (await t.db.execute(
      sql`select payload from jobs where queue = 'certificates.batch' order by created_at desc limit 1`,
    )) as unknown;
    const payload = ((job as { rows: { payload: Record<string, unknown> }[] }).rows ??
      (job as { payload: Record<string, unknown> }[]))[0]!.payload;
    const { createCertificateBatches } = await import('../src/modules/certificates/certificate-batches');
    const batches = createCertificateBatches(t.app.ctx);
    await Promise.all([
      batches.run(payload as never, { jobId: 'a', attempt: 1, organizationId: ORG }),
      batches.run(payload as never, { jobId: 'b', attempt: 1, organizationId: ORG }),
    ]);
    await t.app.ctx.queue.runUntilIdle();

    const batch = await call(tokens.manager, 'GET', `/api/certificates/batches/${started.json().id}`);
    expect(batch.json()).toMatchObject({ status: 'ready', done: 4, total: 4 });
    const rows = await t.db
      .select()
      .from(certificates)
      .where(and(eq(certificates.organizationId, ORG), eq(certificates.periodId, periodId)));
    expect(rows).toHaveLength(4);
    for (const e of early) expect(rows.find((r) => r.id === e.id)?.number).toBe(e.number);

    const file = await call(tokens.manager, 'GET', batch.json().fileUrl);
    expect(file.statusCode).toBe(200);
    const text = await pdfText(file.rawPayload);
    for (const r of rows) expect(text).toContain(r.number);
    // The seal and the signature are embedded once for the whole batch (each with its transparency mask).
    expect(file.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(4);
    const list = await call(tokens.manager, 'GET', '/api/certificates/batches');
    expect(list.json().items[0]).toMatchObject({ id: started.json().id, kind: 'health-mutual' });
    // The pool's manager does not see the default establishment's batch.
    expect(
      (await call(tokens.estManager, 'GET', `/api/certificates/batches/${started.json().id}`)).statusCode,
    ).toBe(404);
    const mail = await t.waitForMail(DEMO_ACCOUNTS.manager);
    expect(mail.subject).toBe('Votre document est prêt – Club Sportif Démo');
    expect(mail.text).toContain(`Le document « ${batch.json().title} » est prêt`);
  });

  it('an establishment manager generates his establishment’s period only', async () => {
    const periodId = await createPeriod(t.db, { name: 'Piscine été' });
    await t.db
      .update(periods)
      .set({ establishmentId: SECOND_ESTABLISHMENT_ID })
      .where(eq(periods.id, periodId));
    const { blueprintId, serviceIds } = await activity(1, {
      periodId,
      establishmentId: SECOND_ESTABLISHMENT_ID,
    });
    const [f] = await createFamilies(t.app.ctx, 1);
    await registerAndPay(f!, blueprintId, serviceIds);
    const started = await call(tokens.estManager, 'POST', '/api/certificates/batches', {
      kind: 'health-mutual',
      periodId,
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.ctx.queue.runUntilIdle();
    const batch = await call(tokens.estManager, 'GET', `/api/certificates/batches/${started.json().id}`);
    expect(batch.json()).toMatchObject({ status: 'ready', done: 1, total: 1 });
    // A child's year spans establishments: the year's certificates are the organisation managers'.
    const year = await call(tokens.estManager, 'POST', '/api/certificates/batches', {
      kind: 'tax',
      year: 2026,
    });
    expect(year.statusCode).toBe(403);
  });
});

describe('a French club', () => {
  it('gives a payment certificate per child and year, never a 281.86 nor its Belcotax file', async () => {
    await t.db.update(organizations).set({ billingCountry: 'FRA' }).where(eq(organizations.id, ORG));
    try {
      const f = await family();
      const { blueprintId, serviceIds } = await activity(2);
      await registerAndPay(f, blueprintId, serviceIds);
      await heldInThePast(serviceIds);
      const year = new Date().getFullYear();
      const offered = (await call(f.token, 'GET', '/api/certificates/family')).json();
      expect(offered.yearKind).toBe('payment');
      await afterTheYear([f], async ({ families: [token], manager }) => {
        // No national register number is asked in France: the certificate is issued at once.
        const issued = await call(token!, 'POST', '/api/certificates/tax', { memberId: f.childId, year });
        expect(issued.statusCode, issued.body).toBe(200);
        const [cert] = issued.json().items;
        expect(cert).toMatchObject({ kind: 'payment', amountCents: 4000 });
        const text = await pdfText((await call(token!, 'GET', cert.fileUrl)).rawPayload);
        expect(text).toContain(`Attestation de paiement (année ${year})`);
        expect(text).not.toContain('281.86');

        const batch = await call(manager, 'POST', '/api/certificates/batches', { kind: 'tax', year });
        expect(batch.statusCode).toBe(409);
        expect(batch.json().message).toBe(
          "Ce type d'attestation n'existe pas dans le pays de l'organisation.",
        );
        const belcotax = await call(manager, 'GET', `/api/certificates/belcotax/${year}`);
        expect(belcotax.statusCode).toBe(409);
        expect(belcotax.json().error).toBe('certificate_wrong_country');
      });
    } finally {
      await t.db.update(organizations).set({ billingCountry: 'BEL' }).where(eq(organizations.id, ORG));
    }
  });
});
