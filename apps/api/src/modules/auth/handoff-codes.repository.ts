import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { handoffCodes } from '../../db/schema';
import { newId } from '../../lib/ids';

export type HandoffCodeRow = typeof handoffCodes.$inferSelect;

/** Sign-in hand-off codes, stored hashed; each row keyed by the account's own organisation. */
export function createHandoffCodeRepository(db: Executor) {
  return {
    async insert(input: {
      organizationId: string;
      userId: string;
      targetOrganizationId: string;
      codeHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(handoffCodes).values({ ...input, id: newId('hoc') });
    },

    /**
     * Marks the code used and returns it, in one statement, when it is live and for `targetOrganizationId`:
     * of two requests racing with one code, one gets the row.
     */
    async consume(
      codeHash: string,
      targetOrganizationId: string,
      now: Date,
    ): Promise<HandoffCodeRow | undefined> {
      const [row] = await db
        .update(handoffCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(handoffCodes.codeHash, codeHash),
            eq(handoffCodes.targetOrganizationId, targetOrganizationId),
            isNull(handoffCodes.consumedAt),
            gt(handoffCodes.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },
  };
}
