import { LICENCE_PLANS, type Locale, localDay, SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import type { Database, Executor } from '../../db/client';
import type { BuyerSnapshot } from '../../db/schema';
import { createInvoicingFactsRepository } from '../invoicing/invoicing-facts.repository';
import { insertInvoice, refreshInvoiceStatus } from '../invoicing/invoice-lifecycle';
import type { NewDocumentLine } from '../invoicing/invoice-documents';
import { createLicenceRepository } from '../licences/licence.repository';
import { createStatementsRepository } from './statements.repository';
import {
  monthlyStatement,
  PLATFORM_VAT_PERCENTAGE,
  type PlanFees,
  previousMonth,
  type StatementLine,
} from './statements.rules';

/*
 * The monthly statements: once a month is over, each club gets one invoice of the system organisation
 * for it (plan fee pro rata + participant fee × confirmed participants, statements.rules.ts). The link
 * row (client, month) is written with the invoice in one transaction under the club's row lock, so a
 * second run, even at the same time on another instance, issues nothing twice. A month that costs
 * nothing (free trial, unlimited plan, no licence) gets no invoice at all: a zero invoice would only
 * take a number of the gapless sequence and tell the club nothing.
 */

/** The time zone the platform bills in: the month ends at midnight in Brussels. */
export const PLATFORM_TIME_ZONE = 'Europe/Brussels';

export type StatementOutcome = 'issued' | 'exists' | 'zero';

const monthName = (month: string, locale: Locale) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString(locale === 'en' ? 'en-GB' : 'fr-BE', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

/** What a statement line prints, in the invoice's language. */
export function statementLineDescription(line: StatementLine, month: string, locale: Locale): string {
  const plan = LICENCE_PLANS.label(line.planKey, locale);
  const when = monthName(month, locale);
  if (line.kind === 'plan') {
    const days =
      line.days === line.daysInMonth
        ? ''
        : locale === 'en'
          ? ` (${line.days}/${line.daysInMonth} days)`
          : ` (${line.days}/${line.daysInMonth} jours)`;
    return locale === 'en' ? `Subscription ${plan}, ${when}${days}` : `Abonnement ${plan}, ${when}${days}`;
  }
  return locale === 'en'
    ? `Confirmed participants, ${when} (plan ${plan})`
    : `Participants confirmés, ${when} (formule ${plan})`;
}

function toInvoiceLines(lines: StatementLine[], month: string, locale: Locale): NewDocumentLine[] {
  return lines.map((line) => ({
    description: statementLineDescription(line, month, locale),
    quantity: line.kind === 'plan' ? 1 : line.count,
    unitPrice: line.kind === 'plan' ? line.amount : line.unitPrice,
    taxPercentage: PLATFORM_VAT_PERCENTAGE,
  }));
}

async function planFees(tx: Executor) {
  const fees: Record<string, PlanFees> = {};
  for (const plan of await createLicenceRepository(tx).pricingPlans()) fees[plan.key] = plan;
  return fees;
}

/** Issues one club's statement for a month unless it exists already or costs nothing. */
export async function issueStatement(
  db: Database,
  clientOrganizationId: string,
  month: string,
  now: Date,
): Promise<StatementOutcome> {
  return db.transaction(async (tx) => {
    const r = createStatementsRepository(tx);
    const club = await r.lockClub(clientOrganizationId);
    if (!club) return 'zero';
    if (await r.statementOf(club.id, month)) return 'exists';
    const statement = monthlyStatement({
      month,
      licences: await r.licenceSpans(club.id, club.timeZone),
      plans: await planFees(tx),
      participations: await r.participations(club.id, month, club.timeZone),
    });
    if (statement.total <= 0) return 'zero';
    const locale: Locale = club.locale === 'en' ? 'en' : 'fr';
    const profile = (await r.clubBillingProfile(club.id))!;
    const buyer: BuyerSnapshot = {
      name: profile.name,
      companyName: profile.name,
      vatNumber: profile.vat_number,
      address: profile.billing_address,
      city: profile.billing_city,
      postalCode: profile.billing_postal_code,
      country: profile.billing_country,
      email: profile.billing_email ?? profile.contact_email,
    };
    const invoiceId = await insertInvoice(tx, {
      organizationId: SYSTEM_ORGANIZATION_ID,
      issuedAt: now,
      locale,
      seller: await createInvoicingFactsRepository(tx).seller(SYSTEM_ORGANIZATION_ID),
      buyer,
      lines: toInvoiceLines(statement.lines, month, locale),
    });
    await refreshInvoiceStatus(tx, SYSTEM_ORGANIZATION_ID, invoiceId, now);
    await r.insertStatement(club.id, month, invoiceId, now);
    return 'issued';
  });
}

/** Issues every club's statement of a month; answers how many were issued, existed, or cost nothing. */
export async function issueMonthStatements(db: Database, month: string, now: Date) {
  const counts: Record<StatementOutcome, number> = { issued: 0, exists: 0, zero: 0 };
  for (const club of await createStatementsRepository(db).clubs()) {
    counts[await issueStatement(db, club.id, month, now)]++;
  }
  return counts;
}

/** The month whose statements are due: the last month that is over in the platform's time zone. */
export const dueMonth = (now: Date) => previousMonth(localDay(now, PLATFORM_TIME_ZONE).slice(0, 7));
