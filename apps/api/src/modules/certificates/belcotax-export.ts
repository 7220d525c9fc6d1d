import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { CertificateFacts } from './certificate-facts';
import { createCertificateIssuer, yearKindOf } from './certificate-issue';
import { belcotaxXml, type BelcotaxFiche } from './belcotax-xml';
import { createCertificatesRepository } from './certificates.repository';

/** Belcotax's Cadre I code from the approving body's wording: ONE / Kind & Gezin / Opgroeien is 1, else 2. */
const certificationCode = (body: string | null) =>
  !body ? 0 : /\b(one|kind\s*&\s*gezin|opgroeien)\b/i.test(body) ? 1 : 2;

/**
 * `GET /certificates/belcotax/{year}`: every 281.86 issued for the year as one Belcotax-on-web file. The
 * national register numbers are opened here, for this file only.
 */
export async function exportBelcotax(ctx: AppContext, organizationId: string, year: number): Promise<string> {
  const repository = createCertificatesRepository(ctx.db);
  const issuer = createCertificateIssuer(ctx);
  const org = await repository.organization(organizationId);
  if (!org) throw new AppError('not_found');
  if (yearKindOf(org.billingCountry) !== 'tax') throw new AppError('certificate_wrong_country');
  const rows = await repository.listOfYear(organizationId, 'tax', year);
  if (rows.length === 0) throw new AppError('certificate_none_issued');
  const fiches: BelcotaxFiche[] = [];
  for (const row of rows) {
    const { facts, childNationalNumber, debtorNationalNumber } = issuer.opened(organizationId, row);
    const f = facts as CertificateFacts;
    const home = {
      address: f.member.address ?? '',
      postalCode: f.member.postalCode ?? '',
      city: f.member.city ?? '',
      country: f.member.country ?? 'BEL',
    };
    fiches.push({
      reference: row.number,
      debtor: {
        ...home,
        nationalNumber: debtorNationalNumber ?? '',
        lastName: f.debtor?.lastName ?? '',
        firstName: f.debtor?.firstName ?? '',
      },
      child: {
        ...home,
        nationalNumber: childNationalNumber ?? '',
        lastName: f.member.lastName,
        firstName: f.member.firstName,
        birthdate: f.member.birthdate ?? '',
      },
      periods: f.lines.map((line) => ({
        from: line.from,
        to: line.to,
        days: line.days,
        dailyCents: line.dailyCents,
        amountCents: line.amountCents,
      })),
    });
  }
  return belcotaxXml({
    year,
    createdOn: new Intl.DateTimeFormat('en-CA', { timeZone: org.timeZone }).format(ctx.clock.now()),
    sender: {
      name: org.name,
      address: org.billingAddress ?? '',
      postalCode: org.billingPostalCode ?? '',
      city: org.billingCity ?? '',
      country: org.billingCountry ?? 'BEL',
      enterpriseNumber: org.vatNumber ?? '',
      phone: org.billingPhone ?? org.contactPhone ?? '',
      email: org.billingEmail ?? org.contactEmail ?? '',
      contactName: org.mutualSignatoryName ?? org.name,
      locale: org.defaultLocale,
      certificationCode: certificationCode(org.taxApprovalBody),
    },
    fiches,
  });
}
