import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { documentChunks } from '../src/db/schema';
import { createDocumentStore, DOCUMENT_CHUNK_BYTES } from '../src/modules/documents/document-store';
import { openTestDatabase } from './helpers/test-database';

/** The stored documents' bytes: written and read back a chunk at a time, scoped by organisation. */
describe('document store', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const bytesOf = async (stream: Readable) => {
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };
  const chunkCount = async (documentId: string) => {
    const [row] = await database.db
      .select({ n: count() })
      .from(documentChunks)
      .where(and(eq(documentChunks.organizationId, 'org_demo'), eq(documentChunks.documentId, documentId)));
    return row!.n;
  };
  const newDocument = () =>
    createDocumentStore(database.db).create({
      organizationId: 'org_demo',
      kind: 'report.orders',
      title: 'Commandes',
      fileName: 'commandes.csv',
      contentType: 'text/csv',
    });

  it('reads back exactly the bytes saved, split into chunks, and marks the document ready', async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    expect((await store.find('org_demo', id))!.status).toBe('pending');
    const content = randomBytes(2 * DOCUMENT_CHUNK_BYTES + 1234);
    expect(await store.save('org_demo', id, content)).toBe(content.length);
    expect(await chunkCount(id)).toBe(3);
    expect((await bytesOf(store.read('org_demo', id))).equals(content)).toBe(true);
    const saved = (await store.find('org_demo', id))!;
    expect(saved).toMatchObject({ status: 'ready', byteSize: content.length });
  });

  it('stores a stream of small pieces (a report as it is written) and replaces an interrupted attempt', async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    await store.save('org_demo', id, randomBytes(DOCUMENT_CHUNK_BYTES * 2));
    const lines = Array.from({ length: 20_000 }, (_, i) => `ligne ${i};Zoë Ağca;12,50\r\n`);
    await store.save('org_demo', id, Readable.from(lines));
    const text = (await bytesOf(store.read('org_demo', id))).toString('utf8');
    expect(text).toBe(lines.join(''));
    expect(await chunkCount(id)).toBe(Math.ceil(Buffer.byteLength(text) / DOCUMENT_CHUNK_BYTES));
  });

  it("never reads another organisation's document", async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    await store.save('org_demo', id, Buffer.from('secret'));
    expect(await store.find('org_other', id)).toBeUndefined();
    expect((await bytesOf(store.read('org_other', id))).length).toBe(0);
  });

  it('keeps a job’s progress and its failure reason', async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    await store.progress('org_demo', id, 120, 480);
    expect(await store.find('org_demo', id)).toMatchObject({
      status: 'running',
      progressDone: 120,
      progressTotal: 480,
    });
    await store.fail('org_demo', id, 'Le rapport n’a pas pu être produit.');
    expect(await store.find('org_demo', id)).toMatchObject({ status: 'failed' });
  });

  it('two saves at once (a lease taken over) leave one of them whole, never a mix of both', async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    const first = randomBytes(3 * DOCUMENT_CHUNK_BYTES);
    const second = randomBytes(2 * DOCUMENT_CHUNK_BYTES + 10);
    // Each writer hands its chunks over one at a time, so their inserts interleave.
    async function* slowly(content: Buffer) {
      for (let at = 0; at < content.length; at += DOCUMENT_CHUNK_BYTES) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield content.subarray(at, at + DOCUMENT_CHUNK_BYTES);
      }
    }
    await Promise.all([
      store.save('org_demo', id, slowly(first)),
      store.save('org_demo', id, slowly(second)),
    ]);
    const stored = await bytesOf(store.read('org_demo', id));
    const winner = stored.equals(first) ? first : second;
    expect(stored.equals(winner)).toBe(true);
    expect(await chunkCount(id)).toBe(Math.ceil(winner.length / DOCUMENT_CHUNK_BYTES));
    expect((await store.find('org_demo', id))!.byteSize).toBe(winner.length);
  });

  it('a document being prepared has no bytes to read', async () => {
    const store = createDocumentStore(database.db);
    const id = await newDocument();
    expect((await bytesOf(store.read('org_demo', id))).length).toBe(0);
  });
});
