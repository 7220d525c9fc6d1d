import { seedLegalDocuments } from './legal-documents';
import { BELGIAN_VAT_EXEMPTION_MENTION, SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { establishments, invoices, organizations, platformStatements } from '../db/schema';
import { type FactoryContext, factoryContext } from '../factories/context';
import { discardQueuedJobs } from '../jobs/queue';
import { hashPassword } from '../lib/password';
import { createLicenceRepository } from '../modules/licences/licence.repository';
import { createUserRepository } from '../modules/users/user.repository';
import {
  DEMO_ACCOUNTS,
  DEMO_ORGANIZATION_ID,
  DEMO_PASSWORD,
  person,
  SECOND_ESTABLISHMENT_ID,
} from './accounts';
import { recordFreeInvoicePayment } from '../modules/invoicing/free-invoices';
import { seedPlatformStatements } from '../modules/platform/statements.seed';
import { seedActivities } from './activities';
import { seedCertificates } from './certificates';
import { seedAttendance } from './attendance';
import { seedClubs } from './clubs';
import { seedFamilies } from './families';
import { seedOrders } from './orders';
import { seedSessionChanges } from './session-changes';
import { seedRecoveryTokens } from './recovery';
import { seedWebsite } from './website';
import { seedWorkTime } from './work-time';
import { seedCommunications } from './communications';

/** Whether the database holds no organisation yet (a first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return row!.n === 0;
}

/** The system organisation: always present, it is where platform staff accounts live. */
async function seedSystemOrganization(db: Database) {
  await db
    .insert(organizations)
    .values({
      id: SYSTEM_ORGANIZATION_ID,
      key: 'admin',
      name: 'Administration de la plateforme',
      isSystem: true,
    })
    .onConflictDoNothing();
  await db
    .insert(establishments)
    .values({ organizationId: SYSTEM_ORGANIZATION_ID, id: 'est_default', name: 'Plateforme' })
    .onConflictDoNothing();
  const licences = createLicenceRepository(db);
  if (!(await licences.current(SYSTEM_ORGANIZATION_ID))) {
    await licences.start(SYSTEM_ORGANIZATION_ID, (await licences.pricingPlan('unlimited'))!, new Date());
  }
}

/**
 * Creates the system organisation and, with `demo`, the demo club with an account of every kind, and
 * the platform's other demo clubs (a paid one, one in trial, one archived: demo/clubs.ts). Meant for an
 * empty database. The demo parent's family comes
 * with upcoming registrations, an order and invoices unless `demoFamily` is false (tests that start from
 * an empty family).
 */
export async function seedDatabase(
  db: Database,
  { demo, demoFamily = true }: { demo: boolean; demoFamily?: boolean },
): Promise<void> {
  await seedSystemOrganization(db);
  if (!demo) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(organizations).values({
      id: DEMO_ORGANIZATION_ID,
      key: 'demo',
      name: 'Club Sportif Démo',
      timeZone: 'Europe/Brussels',
      contactEmail: 'contact@demo.test',
      contactPhone: '+32 2 123 45 67',
      // A complete billing profile (spec section 5), so demo invoices carry real mentions; the IBAN comes
      // with the demo orders.
      billingEmail: 'facturation@demo.test',
      billingPhone: '+32 2 123 45 67',
      billingAddress: 'Avenue des Sports 12',
      billingCity: 'Bruxelles',
      billingPostalCode: '1050',
      billingCountry: 'BEL',
      vatNumber: 'BE0403019261',
      vatRegime: 'exempt',
      vatExemptionMention: BELGIAN_VAT_EXEMPTION_MENTION,
    });
    // A customer of the platform for four months, so the demo platform statements have months to bill.
    const licences = createLicenceRepository(tx);
    const customerSince = new Date(Date.now() - 120 * 86_400_000);
    await licences.start(
      DEMO_ORGANIZATION_ID,
      (await licences.pricingPlan('default-monthly'))!,
      customerSince,
    );
    // The platform's billing profile: the seller printed on its statements to the clubs.
    await tx
      .update(organizations)
      .set({
        billingEmail: 'facturation@inscrio.test',
        billingPhone: '+32 2 555 01 00',
        billingAddress: 'Boulevard du Roi Albert II 27',
        billingCity: 'Bruxelles',
        billingPostalCode: '1030',
        billingCountry: 'BEL',
        vatNumber: 'BE0417497106',
        iban: 'BE68539007547034',
        bic: 'GKCCBEBB',
      })
      .where(eq(organizations.id, SYSTEM_ORGANIZATION_ID));
    await tx.insert(establishments).values([
      {
        organizationId: DEMO_ORGANIZATION_ID,
        id: 'est_default',
        name: 'Complexe sportif principal',
        address: 'Avenue des Sports 12',
        city: 'Bruxelles',
        postalCode: '1050',
        country: 'BEL',
      },
      {
        organizationId: DEMO_ORGANIZATION_ID,
        id: SECOND_ESTABLISHMENT_ID,
        name: 'Piscine communale',
        address: 'Rue du Bassin 3',
        city: 'Ixelles',
        postalCode: '1050',
        country: 'BEL',
      },
    ]);
    const system = createUserRepository(tx);
    const sysadmin = await system.createAccount(SYSTEM_ORGANIZATION_ID, {
      email: DEMO_ACCOUNTS.sysadmin,
      passwordHash,
      role: 'admin',
      isSystemAdmin: true,
      person: person('Sophie', 'Administratrice'),
    });
    await system.createAccount(SYSTEM_ORGANIZATION_ID, {
      email: DEMO_ACCOUNTS.support,
      passwordHash,
      role: 'support',
      person: person('Samuel', 'Support', { gender: 'M' }),
    });
    const demo = createUserRepository(tx);
    const at = DEMO_ORGANIZATION_ID;
    await demo.createAccount(at, {
      email: DEMO_ACCOUNTS.admin,
      passwordHash,
      role: 'admin',
      person: person('Alice', 'Dubois'),
    });
    await demo.createAccount(at, {
      email: DEMO_ACCOUNTS.manager,
      passwordHash,
      role: 'org-manager',
      person: person('Marc', 'Lambert', { gender: 'M' }),
    });
    await demo.createAccount(at, {
      email: DEMO_ACCOUNTS.estManager,
      passwordHash,
      role: 'est-manager',
      establishmentId: SECOND_ESTABLISHMENT_ID,
      person: person('Émilie', 'Renard'),
    });
    await demo.createAccount(at, {
      email: DEMO_ACCOUNTS.holder,
      passwordHash,
      role: 'user',
      isHolder: true,
      person: person('Hugo', 'Martin', { gender: 'M', birthdate: '1995-09-03' }),
    });
    const parent = await demo.createAccount(at, {
      email: DEMO_ACCOUNTS.parent,
      passwordHash,
      role: 'user',
      person: person('Claire', 'Peeters', {
        address: 'Chaussée de Wavre 210',
        city: 'Etterbeek',
        postalCode: '1040',
      }),
    });
    const children: { id: string; firstName: string; lastName: string; birthdate: string }[] = [];
    const child = {
      lastName: 'Peeters',
      address: 'Chaussée de Wavre 210',
      city: 'Etterbeek',
      postalCode: '1040',
      country: 'BEL',
    };
    for (const [firstName, gender, birthdate] of [
      ['Léa', 'F', '2016-03-14'],
      ['Tom', 'M', '2019-11-02'],
    ] as const) {
      const member = await demo.addFamilyMember(at, parent.user.familyId, {
        ...child,
        firstName,
        gender,
        birthdate,
      });
      children.push({ id: member.id, firstName, lastName: child.lastName, birthdate });
    }
    const now = new Date();
    const activities = await seedActivities(tx, at, now);
    const households = await seedFamilies(tx, at, passwordHash);
    // The orders go through the services (the cart, the checkout, the manager's screens), in this
    // transaction: the seed is all or nothing.
    const ctx = factoryContext(tx as unknown as Database);
    await seedOrders(ctx, at, now, {
      activities,
      households: [
        { familyId: parent.user.familyId, userId: parent.user.id, isHolder: false, children },
        ...households,
      ],
      parentFamilyId: parent.user.familyId,
      managerEmail: DEMO_ACCOUNTS.manager,
      demoFamily,
    });
    await seedSessionChanges(ctx, at, now, {
      activities,
      households,
      managerEmail: DEMO_ACCOUNTS.manager,
    });
    await seedRecoveryTokens(ctx, at, now, {
      parentFamilyId: parent.user.familyId,
      parentEmail: DEMO_ACCOUNTS.parent,
      managerEmail: DEMO_ACCOUNTS.manager,
      demoFamily,
    });
    await seedAttendance(ctx, at, now);
    await seedWorkTime(ctx, at, now, activities);
    await seedCommunications(ctx, at, now, {
      managerEmail: DEMO_ACCOUNTS.manager,
      parentFamilyId: parent.user.familyId,
    });
    // The demo's published ROI and legal mentions (the tests start from a club that has none).
    if (demoFamily) await seedLegalDocuments(tx, at, now);
    await seedCertificates(ctx, at, now, {
      parentEmail: DEMO_ACCOUNTS.parent,
      managerEmail: DEMO_ACCOUNTS.manager,
      children,
      demoFamily,
    });
    await seedWebsite(ctx, at);
    await seedClubs(ctx, now, passwordHash);
    await seedPlatformStatements(tx as unknown as Database, now);
    await payEarlierStatements(ctx, sysadmin.user.id);
    // The demo's history was lived, not announced: none of its e-mails (order placed, payment received,
    // reminders) leaves on the first start.
    await discardQueuedJobs(tx);
  });
}

/**
 * The clubs paid their platform statements by transfer a week after each was issued, all but the last
 * month's (still to pay, or overdue): through invoicing's own payment of an invoice without order.
 */
async function payEarlierStatements(ctx: FactoryContext, sysadminUserId: string): Promise<void> {
  const earlier = await ctx.db
    .select({
      invoiceId: platformStatements.invoiceId,
      issueDate: invoices.issueDate,
      due: sql<string>`${invoices.totalAmount} - ${invoices.paidAmount} - ${invoices.creditedAmount}`,
    })
    .from(platformStatements)
    .innerJoin(
      invoices,
      and(
        eq(invoices.organizationId, platformStatements.organizationId),
        eq(invoices.id, platformStatements.invoiceId),
      ),
    )
    .where(sql`${platformStatements.month} < (select max(month) from platform_statements)`);
  const staff = { organizationId: SYSTEM_ORGANIZATION_ID, userId: sysadminUserId, impersonatorUserId: null };
  for (const statement of earlier) {
    ctx.at(new Date(Date.parse(`${statement.issueDate}T10:00:00Z`) + 7 * 86_400_000));
    await recordFreeInvoicePayment(ctx, ctx.db, staff, statement.invoiceId, {
      amount: Number(statement.due),
      method: 'transfer',
      paidOn: new Date(ctx.clock.now()).toISOString().slice(0, 10),
    });
  }
  ctx.at(null);
}
