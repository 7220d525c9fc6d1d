import type { CertificateKind, Locale } from '@inscrio/shared';
import type { CertificateLine } from './certificate.rules';

/*
 * What a certificate prints, frozen at issue in `certificates.facts`: rendering it again gives the same
 * document. The images are referenced by asset id (an asset never changes under its id); the national
 * register numbers of a 281.86 stay encrypted in it (`…Sealed`), opened only to render or export.
 */

export interface PartyFacts {
  firstName: string;
  lastName: string;
  birthdate: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

export interface OrganizationFacts {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  enterpriseNumber: string | null;
  email: string | null;
  phone: string | null;
  recognitionText: string | null;
  signatoryName: string | null;
  signatoryRole: string | null;
  taxApprovalBody: string | null;
  sealAssetId: string | null;
  signatureAssetId: string | null;
}

export interface CertificateFacts {
  kind: CertificateKind;
  number: string;
  locale: Locale;
  /** The day it was issued, 'YYYY-MM-DD' (organisation's time zone), and the instant (ISO). */
  issuedOn: string;
  issuedAt: string;
  year: number;
  part: number;
  organization: OrganizationFacts;
  member: PartyFacts;
  /** 281.86: who pays the childcare (the national numbers are sealed). */
  debtor: { firstName: string; lastName: string; nationalNumberSealed: string } | null;
  childNationalNumberSealed: string | null;
  /** Health-mutual: the activity (and period) and the dates of its sessions. */
  activity: { name: string; periodName: string | null; from: string | null; to: string | null } | null;
  lines: CertificateLine[];
  amountCents: number;
}
