import type { Readable } from 'node:stream';
import {
  canManageAccounting,
  DOCUMENT_KINDS,
  type DocumentList,
  type DocumentListQuery,
  isAtLeastOrgManager,
  isLegalKind,
  LEGAL_DOCUMENT_MAX_BYTES,
  type LegalUploadFields,
  type Locale,
  type StoredDocument,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { type AuthContext, establishmentScope, familyOf, isFamilyAccount } from '../../lib/access';
import type { Upload } from '../../lib/upload';
import { createDocumentStore, type DocumentRow } from '../documents/document-store';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { toStoredDocument } from '../documents/stored-document.dto';
import { toListItem } from './library.dto';
import { createLibraryRepository, type Viewer } from './library.repository';
import { isPdf, legalFileName, maySee } from './library.rules';

/** Tries of an upload whose version another upload of the same kind took at the same moment. */
const UPLOAD_ATTEMPTS = 5;

/** Who is looking at the documents, from the caller's account. */
export function viewerOf(auth: AuthContext): Viewer {
  if (isFamilyAccount(auth.actor)) return { kind: 'family', familyId: familyOf(auth).familyId };
  return {
    kind: 'manager',
    establishmentId: establishmentScope(auth),
    billing: canManageAccounting(auth.actor, auth.establishmentId),
  };
}

/**
 * The documents (`/documents`): one list per viewer across kinds, the legal documents managers upload and
 * publish as versions, and the stored documents' files. Stored bytes go through the document store.
 */
export function createLibraryService(ctx: AppContext) {
  const repository = createLibraryRepository(ctx.db);
  const store = createDocumentStore(ctx.db, () => ctx.clock.now());

  /** The stored document if the caller may see it; otherwise not found (its existence is not told). */
  async function visible(auth: AuthContext, id: string): Promise<DocumentRow> {
    const row = await store.find(auth.organizationId, id);
    if (!row || !maySee(viewerOf(auth), row)) throw new AppError('not_found');
    return row;
  }

  return {
    async list(auth: AuthContext, query: DocumentListQuery, locale: Locale): Promise<DocumentList> {
      const viewer = viewerOf(auth);
      const { page, pageSize, ...filters } = query;
      const rows = await repository.list(auth.organizationId, viewer, {
        ...filters,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const organization = await createOrganizationRepository(ctx.db).findById(auth.organizationId);
      const timeZone = organization?.timeZone ?? 'Europe/Brussels';
      return {
        items: rows.map((row) => toListItem(row, locale, timeZone)),
        total: rows[0] ? Number(rows[0].total) : 0,
        page,
        pageSize,
      };
    },

    /** One stored document: its state, for the screen that follows a report being made. */
    async find(auth: AuthContext, id: string): Promise<StoredDocument> {
      return toStoredDocument(await visible(auth, id));
    },

    /** A ready stored document's bytes, read a chunk at a time, with the type fixed when it was stored. */
    async open(auth: AuthContext, id: string): Promise<{ row: DocumentRow; stream: Readable }> {
      const row = await visible(auth, id);
      if (row.status !== 'ready') throw new AppError('document_not_ready');
      return { row, stream: store.read(auth.organizationId, id) };
    },

    /**
     * A manager's legal upload: a PDF by its content, 10 MB at most, kept as the next version of its kind,
     * unpublished until `publish`.
     */
    async uploadLegal(auth: AuthContext, file: Upload, fields: LegalUploadFields): Promise<StoredDocument> {
      if (!isAtLeastOrgManager(auth.actor)) throw new AppError('forbidden');
      if (file.data.length > LEGAL_DOCUMENT_MAX_BYTES) throw new AppError('legal_document_too_large');
      if (!isPdf(file.data)) throw new AppError('legal_document_not_pdf');
      const { organizationId } = auth;
      const storeOnce = () =>
        ctx.db.transaction(async (tx) => {
          const version = await createLibraryRepository(tx).nextVersion(organizationId, fields.kind);
          const title = fields.title || `${DOCUMENT_KINDS.label(fields.kind, 'fr')} — v${version}`;
          const transactionStore = createDocumentStore(tx, () => ctx.clock.now());
          const created = await transactionStore.create({
            organizationId,
            kind: fields.kind,
            title,
            fileName: legalFileName(fields.kind, version),
            // Fixed here and only here: the file is always served as a PDF, whatever the client declared.
            contentType: 'application/pdf',
            version,
            createdByUserId: auth.userId,
          });
          await transactionStore.save(organizationId, created, file.data);
          return created;
        });
      let id: string | undefined;
      for (let attempt = 1; id === undefined; attempt++) {
        try {
          id = await storeOnce();
        } catch (error) {
          // Uploads of one kind at once took the same version: the later ones take the next.
          if (attempt >= UPLOAD_ATTEMPTS || !isUniqueViolation(error, 'documents_org_kind_version'))
            throw error;
        }
      }
      return toStoredDocument((await store.find(organizationId, id))!);
    },

    /**
     * Publishes a legal document as the version in force. A new ROI or legal mentions sets the
     * organisation's publication time, so every member is asked to accept it again at next sign-in.
     */
    async publish(auth: AuthContext, id: string): Promise<StoredDocument> {
      if (!isAtLeastOrgManager(auth.actor)) throw new AppError('forbidden');
      const row = await visible(auth, id);
      if (!isLegalKind(row.kind)) throw new AppError('document_not_publishable');
      if (row.publishedAt !== null) throw new AppError('document_already_published');
      const published = await ctx.db.transaction((tx) =>
        createLibraryRepository(tx).publish(
          auth.organizationId,
          id,
          row.kind as 'legal.roi',
          ctx.clock.now(),
        ),
      );
      if (!published) throw new AppError('document_already_published');
      return toStoredDocument((await store.find(auth.organizationId, id))!);
    },
  };
}
