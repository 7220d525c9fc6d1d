import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationUpdate = Partial<Omit<typeof organizations.$inferInsert, 'id' | 'key' | 'createdAt'>>;

/** Organisations are the tenants themselves: the one global table every request starts from. */
export function createOrganizationRepository(db: Executor) {
  return {
    async findById(id: string): Promise<OrganizationRow | undefined> {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return row;
    },

    /** Active organisations only: archived ones are out of every public lookup. */
    async findActiveByKey(key: string): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .select()
        .from(organizations)
        .where(
          and(sql`lower(${organizations.key}) = ${key.toLowerCase()}`, isNull(organizations.archivedAt)),
        );
      return row;
    },

    /** Archived ones included: platform staff still reach them (request-organization.ts decides). */
    async findByKey(key: string): Promise<OrganizationRow | undefined> {
      const [row] = await db
        .select()
        .from(organizations)
        .where(sql`lower(${organizations.key}) = ${key.toLowerCase()}`);
      return row;
    },

    async update(id: string, fields: OrganizationUpdate): Promise<void> {
      await db
        .update(organizations)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(organizations.id, id));
    },

    async searchDirectory(query: string | undefined, limit: number): Promise<OrganizationRow[]> {
      const term = query?.trim();
      const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      return db
        .select()
        .from(organizations)
        .where(
          and(
            isNull(organizations.archivedAt),
            eq(organizations.isSystem, false),
            pattern ? or(ilike(organizations.name, pattern), ilike(organizations.key, pattern)) : undefined,
          ),
        )
        .orderBy(asc(organizations.name))
        .limit(limit);
    },
  };
}

export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
