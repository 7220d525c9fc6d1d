import { Readable } from 'node:stream';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documentChunks, documents, type DocumentStatus } from '../../db/schema';
import { newId } from '../../lib/ids';

/** The size of one stored chunk: a report is written and served this much at a time. */
export const DOCUMENT_CHUNK_BYTES = 256 * 1024;

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = Omit<
  typeof documents.$inferInsert,
  'id' | 'byteSize' | 'createdAt' | 'updatedAt' | 'status'
> & { status?: DocumentStatus };

/**
 * Stored documents (db/schema/documents.ts): their rows and their bytes, chunk by chunk. Every query is
 * scoped by the organisation. The modules that make documents (legal uploads, certificates, reports)
 * write through this store; who may see a document is their business, not the store's.
 */
export function createDocumentStore(db: Executor, now: () => Date = () => new Date()) {
  const byKey = (organizationId: string, id: string) =>
    and(eq(documents.organizationId, organizationId), eq(documents.id, id));

  return {
    /** A new document row (`pending` by default: its bytes come with `save`); returns its id. */
    async create(row: NewDocument): Promise<string> {
      const id = newId('doc', now().getTime());
      await db.insert(documents).values({ status: 'pending', ...row, id });
      return id;
    },

    async find(organizationId: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(documents).where(byKey(organizationId, id));
      return row;
    },

    /**
     * Stores the document's bytes (a buffer, or chunks as a stream makes them: a report is never whole in
     * memory) and marks it ready. Each save writes its chunks under its own id and makes them the
     * document's only at the end, in one short transaction: bytes of an earlier, interrupted attempt are
     * dropped then, and two saves at once (a job's lease taken over) never mix: the last to finish whole
     * stands, and one whose chunks the other dropped meanwhile gives way.
     */
    async save(
      organizationId: string,
      id: string,
      content: Buffer | AsyncIterable<Buffer | Uint8Array | string>,
    ): Promise<number> {
      const saveId = newId('dsv', now().getTime());
      let position = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (all: boolean) => {
        let buffer = Buffer.concat(pending, pendingBytes);
        while (buffer.length >= DOCUMENT_CHUNK_BYTES || (all && buffer.length > 0)) {
          const data = buffer.subarray(0, DOCUMENT_CHUNK_BYTES);
          await db
            .insert(documentChunks)
            .values({ organizationId, documentId: id, saveId, position: position++, data });
          size += data.length;
          buffer = buffer.subarray(data.length);
        }
        pending = buffer.length > 0 ? [Buffer.from(buffer)] : [];
        pendingBytes = buffer.length;
      };
      const parts = Buffer.isBuffer(content) ? [content] : content;
      for await (const part of parts) {
        const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= DOCUMENT_CHUNK_BYTES) await flush(false);
      }
      await flush(true);
      const chunksOf = (save: SQL) =>
        and(eq(documentChunks.organizationId, organizationId), eq(documentChunks.documentId, id), save);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: documents.id })
          .from(documents)
          .where(byKey(organizationId, id))
          .for('update');
        if (!row) return; // removed meanwhile: its chunks went with it
        const [kept] = await tx
          .select({ n: count() })
          .from(documentChunks)
          .where(chunksOf(eq(documentChunks.saveId, saveId)));
        if (kept!.n !== position) {
          await tx.delete(documentChunks).where(chunksOf(eq(documentChunks.saveId, saveId)));
          return;
        }
        await tx.delete(documentChunks).where(chunksOf(ne(documentChunks.saveId, saveId)));
        await tx
          .update(documents)
          .set({ status: 'ready', saveId, byteSize: size, failureReason: null, updatedAt: now() })
          .where(byKey(organizationId, id));
      });
      return size;
    },

    /** A background job's progress (« done / total »); the document is `running` meanwhile. */
    async progress(organizationId: string, id: string, done: number, total: number): Promise<void> {
      await db
        .update(documents)
        .set({ status: 'running', progressDone: done, progressTotal: total, updatedAt: now() })
        .where(byKey(organizationId, id));
    },

    /** The job gave up: the reason is shown to the manager (no personal data in it). */
    async fail(organizationId: string, id: string, reason: string): Promise<void> {
      await db
        .update(documents)
        .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: now() })
        .where(byKey(organizationId, id));
    },

    async remove(organizationId: string, id: string): Promise<void> {
      await db.delete(documents).where(byKey(organizationId, id));
    },

    /**
     * The document's bytes, read a chunk at a time as the reader asks (a reply streams them). Only a
     * `ready` document has bytes to read.
     */
    read(organizationId: string, id: string): Readable {
      return Readable.from(
        (async function* () {
          const [row] = await db
            .select({ saveId: documents.saveId, byteSize: documents.byteSize })
            .from(documents)
            .where(and(byKey(organizationId, id), eq(documents.status, 'ready')));
          if (!row) return;
          const chunks = Math.ceil(row.byteSize / DOCUMENT_CHUNK_BYTES);
          for (let position = 0; position < chunks; position++) {
            const [chunk] = await db
              .select({ data: documentChunks.data })
              .from(documentChunks)
              .where(
                and(
                  eq(documentChunks.organizationId, organizationId),
                  eq(documentChunks.documentId, id),
                  eq(documentChunks.saveId, row.saveId),
                  eq(documentChunks.position, sql`${position}::integer`),
                ),
              );
            // Saved again while being read: end the download in error rather than hand over half a file.
            if (!chunk) throw new Error('The document was replaced while it was read');
            yield chunk.data;
          }
        })(),
      );
    },
  };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
