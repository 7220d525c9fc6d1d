import type { CertificateDto } from '@inscrio/shared';
import type { CertificateFacts } from './certificate-facts';
import type { CertificateRow } from './certificates.repository';

/** A certificate as the family and the managers see it (never its national register numbers). */
export function toCertificateDto(row: CertificateRow): CertificateDto {
  const facts = row.facts as unknown as CertificateFacts;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    memberId: row.memberId,
    memberName: `${facts.member.firstName} ${facts.member.lastName}`.trim(),
    activityName: facts.activity?.name ?? null,
    periodName: facts.activity?.periodName ?? null,
    year: row.year,
    amountCents: row.amountCents,
    documentId: row.documentId,
    fileUrl: `/api/certificates/${encodeURIComponent(row.id)}/file`,
    issuedAt: row.createdAt.toISOString(),
  };
}
