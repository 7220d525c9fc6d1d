import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { documents, legalAcceptances } from '../../db/schema';
import { newId } from '../../lib/ids';

export type AcceptedKind = 'legal.roi' | 'legal.mentions';

export interface LegalVersion {
  documentId: string;
  version: number | null;
}

/**
 * The published version of the rules of procedure and of the legal mentions (their latest published
 * document), and which version each user accepted when. Every query takes the organisation id.
 */
export function createLegalAcceptancesRepository(db: Executor) {
  return {
    /** The version in force: the latest published document of the kind, if one was uploaded. */
    async current(organizationId: string, kind: AcceptedKind): Promise<LegalVersion | null> {
      const [row] = await db
        .select({ documentId: documents.id, version: documents.version })
        .from(documents)
        .where(
          and(
            eq(documents.organizationId, organizationId),
            eq(documents.kind, kind),
            isNotNull(documents.publishedAt),
          ),
        )
        .orderBy(desc(documents.publishedAt), desc(documents.version))
        .limit(1);
      return row ?? null;
    },

    /** The user's latest acceptance of the kind: which version, and when. */
    async latest(organizationId: string, userId: string, kind: AcceptedKind) {
      const [row] = await db
        .select({ version: legalAcceptances.version, acceptedAt: legalAcceptances.acceptedAt })
        .from(legalAcceptances)
        .where(
          and(
            eq(legalAcceptances.organizationId, organizationId),
            eq(legalAcceptances.userId, userId),
            eq(legalAcceptances.kind, kind),
          ),
        )
        .orderBy(desc(legalAcceptances.acceptedAt))
        .limit(1);
      return row ?? null;
    },

    async record(
      organizationId: string,
      userId: string,
      kind: AcceptedKind,
      version: LegalVersion | null,
      acceptedAt: Date,
    ): Promise<void> {
      await db.insert(legalAcceptances).values({
        organizationId,
        id: newId('lac', acceptedAt.getTime()),
        userId,
        kind,
        documentId: version?.documentId ?? null,
        version: version?.version ?? null,
        acceptedAt,
      });
    },
  };
}
