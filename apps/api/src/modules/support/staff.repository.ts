import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import type { Executor } from '../../db/client';
import { members, users } from '../../db/schema';

export interface StaffRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  isSystemAdmin: boolean;
  locale: string;
  lastLoginAt: Date | null;
  hasPassword: boolean;
  createdAt: Date;
}

/** The platform staff: accounts of the system organisation that are system administrators or support. */
export function createStaffRepository(db: Executor) {
  const org = SYSTEM_ORGANIZATION_ID;
  const isStaff = or(eq(users.isSystemAdmin, true), inArray(users.role, ['support', 'admin']));
  const columns = {
    userId: users.id,
    email: users.email,
    firstName: sql<string>`coalesce(${members.firstName}, '')`,
    lastName: sql<string>`coalesce(${members.lastName}, '')`,
    role: users.role,
    isSystemAdmin: users.isSystemAdmin,
    locale: users.locale,
    lastLoginAt: users.lastLoginAt,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    createdAt: users.createdAt,
  };
  const staffQuery = () =>
    db
      .select(columns)
      .from(users)
      .leftJoin(members, and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id)));

  return {
    async list(): Promise<StaffRow[]> {
      return staffQuery()
        .where(and(eq(users.organizationId, org), isNull(users.deletedAt), isStaff))
        .orderBy(asc(users.sortName), asc(users.id));
    },

    /** The system administrators still active, who receive the support messages. */
    async systemAdmins(): Promise<StaffRow[]> {
      return staffQuery().where(
        and(eq(users.organizationId, org), isNull(users.deletedAt), eq(users.isSystemAdmin, true)),
      );
    },

    async find(userId: string): Promise<StaffRow | undefined> {
      const [row] = await staffQuery().where(
        and(eq(users.organizationId, org), eq(users.id, userId), isNull(users.deletedAt), isStaff),
      );
      return row;
    },

    /** Any account of the system organisation with this address, removed ones included. */
    async findByEmail(email: string) {
      const [row] = await db
        .select({ userId: users.id, deletedAt: users.deletedAt, isStaff: sql<boolean>`${isStaff}` })
        .from(users)
        .where(
          and(eq(users.organizationId, org), sql`lower(${users.email}) = ${email.trim().toLowerCase()}`),
        );
      return row;
    },

    /** Locks the active system administrators' rows, so two removals cannot both leave none. */
    async lockSystemAdmins(): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.organizationId, org), isNull(users.deletedAt), eq(users.isSystemAdmin, true)))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** Gives an account of the system organisation its staff role (back), with no password until chosen. */
    async restore(userId: string, fields: { role: string; isSystemAdmin: boolean }): Promise<void> {
      await db
        .update(users)
        .set({ ...fields, deletedAt: null, passwordHash: null, updatedAt: new Date() })
        .where(and(eq(users.organizationId, org), eq(users.id, userId)));
    },

    /** Takes the account out of the staff: no role left, no password, removed. */
    async remove(userId: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ role: 'user', isSystemAdmin: false, passwordHash: null, deletedAt: now, updatedAt: now })
        .where(and(eq(users.organizationId, org), eq(users.id, userId)));
    },

    async setNames(userId: string, firstName: string, lastName: string): Promise<void> {
      await db
        .update(members)
        .set({ firstName, lastName })
        .where(and(eq(members.organizationId, org), eq(members.userId, userId)));
    },
  };
}
