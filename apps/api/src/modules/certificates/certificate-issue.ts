import {
  CERTIFICATE_KINDS,
  type CertificateKind,
  isMutualComplete,
  type Locale,
  LOCALES,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { decryptSecret, nationalNumberContext } from '../../lib/secret-box';
import { createAssetRepository } from '../assets/assets.repository';
import { createDocumentStore } from '../documents/document-store';
import type { CertificateFacts, OrganizationFacts } from './certificate-facts';
import { type CertificateImages, renderCertificatesPdf, type RenderableCertificate } from './certificate-pdf';
import {
  type CertificateLine,
  healthMutualSummary,
  type PaidLine,
  paymentCertificateLines,
  statesTheSame,
  sumAmounts,
  taxCertificateParts,
  yearIsOver,
} from './certificate.rules';
import {
  type CertificateRow,
  createCertificatesRepository,
  type MemberFacts,
} from './certificates.repository';

/*
 * Issuing a certificate: gather the facts, freeze them, number it, render it and store it as a document,
 * once per scope. Asked again (by the family, or a bulk job run again), the certificate already issued is
 * answered as it is: same number, same file; unless it is a health-mutual certificate whose amount or
 * dates changed since (the family paid the rest, a credit note): then the next revision is issued, with
 * its own number. A year's certificate is only issued once the year is over, so it never changes.
 */

export type IssueTarget =
  | { kind: 'health-mutual'; memberId: string; blueprintId: string; periodId: string | null }
  | { kind: 'tax' | 'payment'; memberId: string; year: number };

const DOCUMENT_KIND = {
  'health-mutual': 'certificate.health-mutual',
  tax: 'certificate.tax',
  payment: 'certificate.tax',
} as const;
const NUMBER_PREFIX: Record<CertificateKind, string> = {
  'health-mutual': 'MUT',
  tax: '28186',
  payment: 'AP',
};

/** Which year certificate the organisation's country has: Belgium the 281.86, France and Luxembourg a payment certificate. */
export const yearKindOf = (country: string | null | undefined): 'tax' | 'payment' =>
  country === 'FRA' || country === 'LUX' ? 'payment' : 'tax';

const localeOf = (value: string | null | undefined): Locale =>
  (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'fr';

/** A race lost to another writer of the same certificate: its transaction is rolled back. */
class AlreadyIssued extends Error {}

export function certificateTitle(kind: CertificateKind, locale: Locale, memberName: string, year: number) {
  const label = CERTIFICATE_KINDS.labels[locale][kind];
  return `${label} ${year} – ${memberName}`;
}

export function createCertificateIssuer(ctx: AppContext) {
  const key = ctx.secrets.encryptionKey;

  /**
   * The seal and signature, loaded once per render: a batch's certificates share the same buffers, which
   * the PDF embeds once (certificate-pdf.ts), instead of one copy per page.
   */
  function imageLoader(db: Executor, organizationId: string) {
    const assets = createAssetRepository(db);
    const loaded = new Map<string, Promise<Buffer | null>>();
    const load = (id: string | null) => {
      if (!id) return Promise.resolve(null);
      if (!loaded.has(id)) {
        loaded.set(
          id,
          assets.findWithData(organizationId, id).then((asset) => asset?.data ?? null),
        );
      }
      return loaded.get(id)!;
    };
    return async (facts: OrganizationFacts): Promise<CertificateImages> => ({
      seal: await load(facts.sealAssetId),
      signature: await load(facts.signatureAssetId),
    });
  }

  /** A stored certificate's facts and its national register numbers, opened. */
  function opened(organizationId: string, row: CertificateRow) {
    const facts = row.facts as unknown as CertificateFacts;
    return {
      facts,
      childNationalNumber: facts.childNationalNumberSealed
        ? decryptSecret(
            key,
            facts.childNationalNumberSealed,
            nationalNumberContext(organizationId, row.memberId, 'child'),
          )
        : null,
      debtorNationalNumber: facts.debtor
        ? decryptSecret(
            key,
            facts.debtor.nationalNumberSealed,
            nationalNumberContext(organizationId, row.memberId, 'debtor'),
          )
        : null,
    };
  }

  /** Renders certificates already issued (one, or a batch), from their frozen facts. */
  async function render(
    db: Executor,
    organizationId: string,
    rows: CertificateRow[],
    options: { duplicate?: boolean; title: string; locale: Locale },
  ): Promise<Buffer> {
    const images = imageLoader(db, organizationId);
    const items: RenderableCertificate[] = [];
    for (const row of rows) {
      const certificate = opened(organizationId, row);
      items.push({ ...certificate, images: await images(certificate.facts.organization) });
    }
    return renderCertificatesPdf(items, options);
  }

  function organizationFacts(
    org: NonNullable<Awaited<ReturnType<ReturnType<typeof createCertificatesRepository>['organization']>>>,
  ): OrganizationFacts {
    return {
      name: org.name,
      address: org.billingAddress,
      postalCode: org.billingPostalCode,
      city: org.billingCity,
      country: org.billingCountry,
      enterpriseNumber: org.vatNumber,
      email: org.billingEmail ?? org.contactEmail,
      phone: org.billingPhone ?? org.contactPhone,
      recognitionText: org.mutualRecognitionText,
      signatoryName: org.mutualSignatoryName,
      signatoryRole: org.mutualSignatoryRole,
      taxApprovalBody: org.taxApprovalBody,
      sealAssetId: org.mutualSeal,
      signatureAssetId: org.signatureStamp,
    };
  }

  /** The person printed: the member, with the family adult's address when the member has none. */
  const party = (member: MemberFacts, adult: MemberFacts | undefined) => ({
    firstName: member.firstName,
    lastName: member.lastName,
    birthdate: member.birthdate,
    address: member.address ?? adult?.address ?? null,
    postalCode: member.address ? member.postalCode : (adult?.postalCode ?? null),
    city: member.address ? member.city : (adult?.city ?? null),
    country: member.address ? member.country : (adult?.country ?? null),
  });

  /**
   * Issues the certificates of a target (a 281.86 may need several parts), or answers those already
   * issued. Refusals: nothing paid, not attended (281.86), national numbers missing (281.86), the
   * organisation's seal or signature missing, a kind its country does not have, a year not over yet.
   */
  async function issue(
    organizationId: string,
    target: IssueTarget,
    actorUserId: string | null,
    known?: { lines: PaidLine[] },
  ): Promise<CertificateRow[]> {
    const repository = createCertificatesRepository(ctx.db);
    const org = await repository.organization(organizationId);
    if (!org) throw new AppError('not_found');
    if (!isMutualComplete(org)) throw new AppError('certificate_profile_incomplete');
    if (target.kind !== 'health-mutual' && yearKindOf(org.billingCountry) !== target.kind) {
      throw new AppError('certificate_wrong_country');
    }
    const [member] = await repository.members(organizationId, [target.memberId]);
    if (!member) throw new AppError('not_found');
    const now = ctx.clock.now();
    if (target.kind !== 'health-mutual' && !yearIsOver(target.year, now, org.timeZone)) {
      throw refused('certificate_year_not_over', { year: target.year });
    }
    const lines =
      known?.lines ??
      (await repository.paidLines(
        organizationId,
        target.kind === 'health-mutual'
          ? { memberId: member.id, blueprintId: target.blueprintId, periodId: target.periodId }
          : { memberId: member.id },
        now,
      ));

    let parts: { lines: CertificateLine[]; amountCents: number }[];
    let year: number;
    let scopeKey = '';
    let activity: CertificateFacts['activity'] = null;
    if (target.kind === 'health-mutual') {
      const summary = healthMutualSummary(lines);
      if (summary.amountCents <= 0) throw new AppError('certificate_nothing_paid');
      year = summary.year;
      scopeKey = `${target.blueprintId}:${target.periodId ?? ''}`;
      activity = {
        name: lines[0]!.activityName,
        periodName: lines[0]!.periodName,
        from: summary.from,
        to: summary.to,
      };
      parts = [{ lines: [], amountCents: summary.amountCents }];
    } else if (target.kind === 'tax') {
      year = target.year;
      const found = taxCertificateParts(lines, year, member.birthdate);
      if (found.length === 0) throw new AppError('certificate_not_attended');
      parts = found.map((part) => ({ lines: part, amountCents: sumAmounts(part) }));
    } else {
      year = target.year;
      const found = paymentCertificateLines(lines, year);
      if (found.length === 0) throw new AppError('certificate_nothing_paid');
      parts = [{ lines: found, amountCents: sumAmounts(found) }];
    }

    const identity =
      target.kind === 'tax' ? await repository.taxIdentity(organizationId, member.id) : undefined;
    if (target.kind === 'tax' && !identity) throw new AppError('certificate_identity_missing');
    const adult = await repository.familyAdult(organizationId, member.familyId);
    // In the member's language: the family's account's, else the organisation's.
    const locale = localeOf(adult?.locale ?? org.defaultLocale);
    // A health-mutual certificate is its activity's establishment's; a year's certificate (with national
    // register numbers) is the organisation's alone, even when the child went to one establishment only.
    const establishments = new Set(lines.map((line) => line.establishmentId));
    const establishmentId =
      target.kind === 'health-mutual' && establishments.size === 1 ? [...establishments][0]! : null;

    const issued: CertificateRow[] = [];
    for (const [index, part] of parts.entries()) {
      const scope = { kind: target.kind, memberId: member.id, scopeKey, year, part: index + 1 };
      const existing = await repository.findByScope(organizationId, scope);
      if (existing && (target.kind !== 'health-mutual' || stillTrue(existing, part.amountCents, activity))) {
        issued.push(existing);
        continue;
      }
      const revision = (existing?.revision ?? 0) + 1;
      try {
        issued.push(
          await ctx.db.transaction(async (tx) => {
            const repo = createCertificatesRepository(tx);
            const id = newId('crt', now.getTime());
            const sequence = await repo.nextNumber(organizationId, target.kind, year);
            const number = `${NUMBER_PREFIX[target.kind]}-${sequence}`;
            const memberParty = party(member, adult);
            const facts: CertificateFacts = {
              kind: target.kind,
              number,
              locale,
              issuedOn: new Intl.DateTimeFormat('en-CA', { timeZone: org.timeZone }).format(now),
              issuedAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
              year,
              part: index + 1,
              organization: organizationFacts(org),
              member: memberParty,
              debtor: identity
                ? {
                    firstName: identity.debtorFirstName,
                    lastName: identity.debtorLastName,
                    nationalNumberSealed: identity.debtorNumberEncrypted,
                  }
                : null,
              childNationalNumberSealed: identity?.childNumberEncrypted ?? null,
              activity,
              lines: part.lines,
              amountCents: part.amountCents,
            };
            const memberName = `${member.firstName} ${member.lastName}`.trim();
            const title = certificateTitle(target.kind, locale, memberName, year);
            const row: CertificateRow = {
              organizationId,
              id,
              kind: target.kind,
              scopeKey,
              part: index + 1,
              revision,
              number,
              memberId: member.id,
              familyId: member.familyId,
              blueprintId: target.kind === 'health-mutual' ? target.blueprintId : null,
              periodId: target.kind === 'health-mutual' ? target.periodId : null,
              establishmentId,
              year,
              amountCents: part.amountCents,
              facts: facts as unknown as Record<string, unknown>,
              documentId: '',
              locale,
              createdByUserId: actorUserId,
              createdAt: now,
            };
            // The PDF's title is the number: what rendering the stored facts again gives too.
            const pdf = await render(tx, organizationId, [row], { title: number, locale });
            const store = createDocumentStore(tx, () => now);
            row.documentId = await store.create({
              organizationId,
              kind: DOCUMENT_KIND[target.kind],
              title,
              fileName: `${number}.pdf`,
              contentType: 'application/pdf',
              familyId: member.familyId,
              memberId: member.id,
              periodId: row.periodId,
              blueprintId: row.blueprintId,
              establishmentId,
              year,
              sourceId: id,
              createdByUserId: actorUserId,
            });
            await store.save(organizationId, row.documentId, pdf);
            if (!(await repo.insert(row))) throw new AlreadyIssued();
            return row;
          }),
        );
      } catch (error) {
        if (!(error instanceof AlreadyIssued)) throw error;
        issued.push((await repository.findByScope(organizationId, scope))!);
      }
    }
    return issued;
  }

  return { issue, render, opened };
}

/** An issued health-mutual certificate states what its activity's lines say today. */
function stillTrue(row: CertificateRow, amountCents: number, activity: CertificateFacts['activity']) {
  const facts = row.facts as unknown as CertificateFacts;
  return statesTheSame(
    { amountCents: row.amountCents, from: facts.activity?.from ?? null, to: facts.activity?.to ?? null },
    { amountCents, from: activity?.from ?? null, to: activity?.to ?? null },
  );
}
