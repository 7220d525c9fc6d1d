import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { establishments, organizations, users } from '../../src/db/schema';
import { createFamilies } from './order-fixtures';
import type { TestApp } from './test-app';

/** The other club of the tests that prove nothing leaks between organisations. */
export const OTHER_CLUB = 'org_autre';

/**
 * Another organisation (`org_autre`, subdomain `autre`) with its establishment and a signed-in manager:
 * answers the manager's access token.
 */
export async function otherClubManager(t: TestApp): Promise<string> {
  await t.db.insert(organizations).values({ id: OTHER_CLUB, key: 'autre', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: OTHER_CLUB, id: 'est_default', name: 'Salle' });
  const [manager] = await createFamilies(t.app.ctx, 1, { organizationId: OTHER_CLUB });
  await t.db.update(users).set({ role: 'org-manager' }).where(eq(users.id, manager!.userId));
  return manager!.token;
}

/**
 * A Belgian billing profile on the organisation (bank account, address, invoices due in 14 days), VAT
 * registered unless `overrides` say otherwise: what invoices, transfers and Peppol files print.
 */
export async function belgianBilling(
  db: Database,
  organizationId: string,
  overrides: Partial<typeof organizations.$inferInsert> = {},
): Promise<void> {
  await db
    .update(organizations)
    .set({
      iban: 'BE71096123456769',
      bic: 'GEBABEBB',
      billingCountry: 'BEL',
      billingAddress: 'Rue du Stade 1',
      billingCity: 'Namur',
      billingPostalCode: '5000',
      vatNumber: 'BE0403019261',
      vatRegime: 'subject',
      invoiceDueDays: 14,
      ...overrides,
    })
    .where(eq(organizations.id, organizationId));
}
