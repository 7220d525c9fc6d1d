import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { establishments, organizations, users } from '../../db/schema';

export interface NewOrganization {
  id: string;
  key: string;
  name: string;
  timeZone: string;
  defaultLocale: string;
  contactEmail: string;
  contactPhone: string;
  billingCountry: string;
}

/** What creating an organisation reads and writes across tenants (the platform's own view). */
export function createOnboardingRepository(db: Executor) {
  return {
    /** The keys among `keys` some organisation already has (archived ones included), lower-cased. */
    async takenKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: sql<string>`lower(${organizations.key})` })
        .from(organizations)
        .where(
          inArray(
            sql`lower(${organizations.key})`,
            keys.map((key) => key.toLowerCase()),
          ),
        );
      return new Set(rows.map((row) => row.key));
    },

    /** Whether an account with this e-mail exists in any organisation. */
    async emailHasAccount(email: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
        .limit(1);
      return rows.length > 0;
    },

    /** The organisation row and its `est_default` establishment (named like the organisation). */
    async insertOrganization(input: NewOrganization): Promise<void> {
      await db.insert(organizations).values({
        ...input,
        billingEmail: input.contactEmail,
        billingPhone: input.contactPhone,
      });
      await db.insert(establishments).values({
        organizationId: input.id,
        id: 'est_default',
        name: input.name,
        country: input.billingCountry,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
      });
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
