import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, SECOND_ESTABLISHMENT_ID } from '../src/demo/accounts';
import { createReportsService, type ReportJob } from '../src/modules/reports/reports.service';
import { createDocumentStore } from '../src/modules/documents/document-store';
import { createActivity, createFamilies, type FamilyFixture } from './helpers/order-fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Reports (`POST /reports`): asked by a manager, made by the background job, followed by their progress
 * and kept as documents: the members list (CSV with the one writer: BOM, semicolons, formula cells
 * neutralised; PDF laid out as an attendance sheet), the planning with its fill rate, the orders with
 * their amounts; an establishment manager's report covers his establishment only; a resumed job writes
 * its file once.
 */

const ORG = 'org_demo';
const DAY = 86_400_000;
type Who = 'manager' | 'estManager' | 'holder' | 'parent';

let t: TestApp;
const tokens = {} as Record<Who, string>;
const statuses: number[] = [];
let families: FamilyFixture[];
let swim: { blueprintId: string; serviceIds: string[] };
let pool: { blueprintId: string; serviceIds: string[] };
const start = new Date(Date.now() + 10 * DAY);
const day = (date: Date) => date.toISOString().slice(0, 10);
const from = day(new Date(Date.now() - DAY));
const to = day(new Date(Date.now() + 40 * DAY));

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
  }
  // Names a spreadsheet would read as formulas: the CSV must show them as text.
  const lastNames = ['=1+1', '@SUM(A1)', 'Dupont'];
  families = await createFamilies(t.app.ctx, 3, {
    childBirthdate: '2016-02-10',
    names: (i) => ({ parent: 'Parent', child: i === 2 ? '+Zoé' : 'Enfant', lastName: lastNames[i]! }),
  });
  swim = await createActivity(t.db, {
    name: 'Natation du rapport',
    price: 2500,
    maxSeats: 4,
    sessions: [
      { start, maxSeats: 4 },
      { start: new Date(start.getTime() + 7 * DAY), maxSeats: 4 },
    ],
  });
  pool = await createActivity(t.db, {
    name: 'Aquagym du rapport',
    price: 1000,
    establishmentId: SECOND_ESTABLISHMENT_ID,
    sessions: [{ start: new Date(start.getTime() + DAY) }],
  });
  for (const family of families) {
    await order(family, swim.blueprintId, [swim.serviceIds[0]!]);
  }
  await order(families[0]!, pool.blueprintId, [pool.serviceIds[0]!]);
});

afterAll(async () => {
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
  await t?.close();
});

async function call(token: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await t.request(method, url, {
    token,
    organizationId: ORG,
    body,
    headers: { 'accept-language': 'fr' },
  });
  statuses.push(response.statusCode);
  return response;
}

async function order(family: FamilyFixture, blueprintId: string, serviceIds: string[]) {
  const added = await call(family.token, 'POST', '/api/cart/items', {
    blueprintId,
    serviceIds,
    memberIds: [family.childId],
    supplementIds: [],
  });
  expect(added.statusCode, added.body).toBeLessThan(300);
  const checkout = await call(family.token, 'POST', '/api/cart/checkout', { paymentProvider: 'offline' });
  expect(checkout.statusCode, checkout.body).toBe(201);
}

/** Asks for a report, runs the job, and answers the finished document and its file. */
async function report(token: string, body: Record<string, unknown>) {
  const asked = await call(token, 'POST', '/api/reports', body);
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json()).toMatchObject({ status: 'pending', byteSize: 0 });
  await t.app.ctx.queue.runUntilIdle();
  const document = (await call(token, 'GET', `/api/documents/${asked.json().id}`)).json();
  const file = await call(token, 'GET', `/api/documents/${document.id}/file`);
  expect(file.statusCode, file.body).toBe(200);
  return { document, file };
}

const linesOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('POST /reports', () => {
  it('makes the members list of one session only', async () => {
    const sheet = async (serviceId: string) => {
      const { file } = await report(tokens.manager, {
        kind: 'report.members-list',
        format: 'csv',
        from,
        to,
        blueprintId: swim.blueprintId,
        serviceId,
      });
      return linesOf(file.rawPayload.toString('utf8')).slice(1);
    };
    expect(await sheet(swim.serviceIds[0]!)).toHaveLength(3);
    expect(await sheet(swim.serviceIds[1]!)).toHaveLength(0);
    // Another activity's session under this activity: nothing, rather than the other activity's list.
    expect(await sheet(pool.serviceIds[0]!)).toHaveLength(0);
  });

  it('makes the members list as CSV: BOM, semicolons, formula cells neutralised, progress to the end', async () => {
    const { document, file } = await report(tokens.manager, {
      kind: 'report.members-list',
      format: 'csv',
      from,
      to,
      blueprintId: swim.blueprintId,
    });
    expect(document).toMatchObject({
      status: 'ready',
      progressDone: 3,
      progressTotal: 3,
      kind: 'report.members-list',
    });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="liste-membres-.*\.csv"$/);
    const text = file.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = linesOf(text);
    expect(header).toBe('Date;Heure;Activité;Nom;Prénom;Âge;Téléphone;Statut;Présent');
    expect(rows).toHaveLength(3);
    const cells = rows.map((row) => row.split(';'));
    expect(cells.map((row) => row[3]).sort()).toEqual(["'=1+1", "'@SUM(A1)", 'Dupont']);
    expect(cells.map((row) => row[4])).toContain("'+Zoé");
    expect(cells.every((row) => row[2] === 'Natation du rapport')).toBe(true);
    // The manager who asked is told by e-mail, with the way to the documents.
    const mail = await t.waitForMail('manager@demo.test');
    expect(mail.subject).toBe('Votre document est prêt – Club Sportif Démo');
    expect(mail.text).toContain(`Le document « ${document.title} » est prêt`);
    expect(mail.text).toContain('http://demo.localhost:3000/documents');
  });

  it('makes the members list as a printable PDF', async () => {
    const { document, file } = await report(tokens.manager, {
      kind: 'report.members-list',
      format: 'pdf',
      from,
      to,
    });
    expect(document.status).toBe('ready');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(document.byteSize);
  });

  it('makes the planning with seats and fill rate, and the orders with their amounts', async () => {
    const planning = linesOf(
      (
        await report(tokens.manager, { kind: 'report.planning-activities', format: 'csv', from, to })
      ).file.rawPayload.toString(),
    );
    expect(planning[0]).toBe(
      'Date;Heure;Activité;Durée;Statut;Encadrants;Places;Réservées;Libres;Taux de remplissage (%)',
    );
    const first = planning.find((line) => line.includes('Natation du rapport'))!.split(';');
    expect(first.slice(6)).toEqual(['4', '3', '1', '75']);

    const orders = linesOf(
      (
        await report(tokens.manager, {
          kind: 'report.orders',
          format: 'csv',
          from,
          to,
          blueprintId: swim.blueprintId,
        })
      ).file.rawPayload.toString(),
    );
    expect(orders[0]!.split(';').slice(0, 6)).toEqual([
      'Date',
      'Commande',
      'Payeur',
      'Statut',
      'Moyen de paiement',
      'Total',
    ]);
    expect(orders).toHaveLength(4);
    expect(orders.filter((line) => line.split(';')[5] === '25,00')).toHaveLength(3);
  });

  it('limits an establishment manager’s report to his establishment', async () => {
    const { document, file } = await report(tokens.estManager, {
      kind: 'report.members-list',
      format: 'csv',
      from,
      to,
    });
    const rows = linesOf(file.rawPayload.toString()).slice(1);
    expect(rows.filter((row) => row.includes('Aquagym du rapport'))).toHaveLength(1);
    expect(rows.some((row) => row.includes('Natation du rapport'))).toBe(false);
    // The main establishment's manager list does not show it to him, nor his to a family.
    expect((await call(tokens.parent, 'GET', `/api/documents/${document.id}/file`)).statusCode).toBe(404);
  });

  it('writes the file once when a job is resumed after an interruption', async () => {
    const asked = (
      await call(tokens.manager, 'POST', '/api/reports', {
        kind: 'report.orders',
        format: 'csv',
        from,
        to,
        blueprintId: swim.blueprintId,
      })
    ).json();
    const store = createDocumentStore(t.db);
    // An earlier attempt died half-way: a part of a file is stored.
    await store.save(ORG, asked.id, Buffer.from('partial;file\r\n'.repeat(1000)));
    await t.app.ctx.queue.runUntilIdle();
    const job: ReportJob = {
      documentId: asked.id,
      kind: 'report.orders',
      format: 'csv',
      from,
      to,
      establishmentId: null,
      blueprintId: swim.blueprintId,
      serviceId: null,
      locale: 'fr',
      userId: '',
    };
    // And once more, as a lease lapsing would: same file, nothing twice.
    await createReportsService(t.app.ctx).build(job, { jobId: 'again', attempt: 2, organizationId: ORG });
    const file = await call(tokens.manager, 'GET', `/api/documents/${asked.id}/file`);
    const lines = linesOf(file.rawPayload.toString());
    expect(lines).toHaveLength(4);
    expect(file.rawPayload.toString()).not.toContain('partial');
  });

  it('is for managers only, and answers bad input with French field messages', async () => {
    const body = { kind: 'report.orders', format: 'csv', from, to };
    expect((await call(tokens.parent, 'POST', '/api/reports', body)).statusCode).toBe(403);
    expect((await call(tokens.holder, 'POST', '/api/reports', body)).statusCode).toBe(403);
    const reversed = await call(tokens.manager, 'POST', '/api/reports', { ...body, from: to, to: from });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details[0]).toMatchObject({
      field: 'to',
      message: 'La période doit aller du premier au dernier jour, 400 jours au plus',
    });
    const bad = await call(tokens.manager, 'POST', '/api/reports', {
      kind: 'legal.roi',
      format: 'xlsx',
      from: 'hier',
      to,
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['kind', 'format', 'from']));
    // A report not made yet cannot be downloaded.
    const pending = (await call(tokens.manager, 'POST', '/api/reports', body)).json();
    const early = await call(tokens.manager, 'GET', `/api/documents/${pending.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('document_not_ready');
    await t.app.ctx.queue.runUntilIdle();
  });
});
