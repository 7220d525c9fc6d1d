import {
  type FamilyCertificates,
  type HealthMutualOption,
  type HealthMutualRequest,
  isAtLeastEstManager,
  normalizeNationalRegisterNumber,
  type TaxIdentityInput,
  type YearCertificateRequest,
  type YearOption,
} from '@inscrio/shared';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context';
import { type AuthContext, establishmentScope, familyOf, isFamilyAccount } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { encryptSecret, nationalNumberContext } from '../../lib/secret-box';
import { createDocumentStore } from '../documents/document-store';
import type { CertificateFacts } from './certificate-facts';
import { createCertificateIssuer, yearKindOf } from './certificate-issue';
import {
  fullyPaid,
  healthMutualSummary,
  paidShare,
  type PaidLine,
  statesTheSame,
  yearIsOver,
} from './certificate.rules';
import { toCertificateDto } from './certificates.dto';
import { type CertificateRow, createCertificatesRepository } from './certificates.repository';

/*
 * What families and managers do with certificates one at a time: a family sees what it may ask for and
 * what it has, asks for a health-mutual certificate for a paid registration, gives the national register
 * numbers of a 281.86 and asks for it; a family or a manager downloads one. A family reaches only its own
 * certificates; an establishment manager only those of his establishment's activities.
 */
export function createCertificatesService(ctx: AppContext) {
  const repository = createCertificatesRepository(ctx.db);
  const issuer = createCertificateIssuer(ctx);

  /** A member of the caller's family (or 404). */
  async function familyMember(auth: AuthContext, memberId: string) {
    const { organizationId, familyId } = familyOf(auth);
    const [member] = await repository.members(organizationId, [memberId]);
    if (!member || member.familyId !== familyId) throw new AppError('not_found');
    return { organizationId, member };
  }

  /** A certificate the caller may see (or 404). */
  async function reachable(auth: AuthContext, id: string): Promise<CertificateRow> {
    if (isFamilyAccount(auth.actor)) {
      const { organizationId, familyId } = familyOf(auth);
      const row = await repository.find(organizationId, id);
      if (!row || row.familyId !== familyId) throw new AppError('not_found');
      return row;
    }
    if (!isAtLeastEstManager(auth.actor)) throw new AppError('forbidden');
    const row = await repository.find(auth.organizationId, id);
    const scope = establishmentScope(auth);
    if (!row || (scope !== null && row.establishmentId !== scope)) throw new AppError('not_found');
    return row;
  }

  return {
    reachable,

    /** `GET /certificates/family`: the paid registrations and years, with the certificates already issued. */
    async family(auth: AuthContext): Promise<FamilyCertificates> {
      const { organizationId, familyId } = familyOf(auth);
      const org = await repository.organization(organizationId);
      const yearKind = yearKindOf(org?.billingCountry);
      const lines = await repository.paidLines(organizationId, { familyId }, ctx.clock.now());
      const issued = await repository.listForFamily(organizationId, familyId);
      const memberIds = [...new Set(lines.map((line) => line.memberId))];
      const names = new Map(
        (await repository.members(organizationId, memberIds)).map((m) => [
          m.id,
          `${m.firstName} ${m.lastName}`.trim(),
        ]),
      );
      const identities = await repository.taxIdentityMembers(organizationId, memberIds);

      const now = ctx.clock.now();
      const registrations = new Map<string, HealthMutualOption>();
      const registrationLines = new Map<string, PaidLine[]>();
      const years = new Map<string, YearOption>();
      for (const line of lines) {
        const share = paidShare(line);
        const key = `${line.memberId}|${line.blueprintId}:${line.periodId ?? ''}`;
        const option = registrations.get(key) ?? {
          memberId: line.memberId,
          memberName: names.get(line.memberId) ?? '',
          blueprintId: line.blueprintId,
          activityName: line.activityName,
          periodId: line.periodId,
          periodName: line.periodName,
          firstDate: line.sessionDate,
          lastDate: line.sessionDate,
          paidCents: 0,
          certificate: null,
          certificateOutdated: false,
        };
        registrationLines.set(key, [...(registrationLines.get(key) ?? []), line]);
        option.paidCents += share;
        option.lastDate = line.sessionDate > option.lastDate ? line.sessionDate : option.lastDate;
        option.firstDate = line.sessionDate < option.firstDate ? line.sessionDate : option.firstDate;
        registrations.set(key, option);
        // A year is offered once something of it is paid in full (and, for a 281.86, attended).
        if (fullyPaid(line) && line.paidYear !== null && share > 0 && (yearKind !== 'tax' || line.attended)) {
          const yearKey = `${line.memberId}|${line.paidYear}`;
          const year = years.get(yearKey) ?? {
            memberId: line.memberId,
            memberName: names.get(line.memberId) ?? '',
            year: line.paidYear,
            paidCents: 0,
            identityOnFile: identities.has(line.memberId),
            yearEnded: org ? yearIsOver(line.paidYear, now, org.timeZone) : false,
            certificates: [],
          };
          year.paidCents += share;
          years.set(yearKey, year);
        }
      }
      // Latest revision first: a registration shows its latest health-mutual certificate.
      for (const row of issued) {
        if (row.kind === 'health-mutual') {
          const key = `${row.memberId}|${row.scopeKey}`;
          const option = registrations.get(key);
          if (!option || option.certificate) continue;
          option.certificate = toCertificateDto(row);
          const facts = row.facts as unknown as CertificateFacts;
          const summary = healthMutualSummary(registrationLines.get(key) ?? []);
          option.certificateOutdated = !statesTheSame(
            {
              amountCents: row.amountCents,
              from: facts.activity?.from ?? null,
              to: facts.activity?.to ?? null,
            },
            summary,
          );
        } else if (row.kind === yearKind) {
          years.get(`${row.memberId}|${row.year}`)?.certificates.push(toCertificateDto(row));
        }
      }
      return {
        yearKind,
        healthMutual: [...registrations.values()].filter((o) => o.paidCents > 0),
        years: [...years.values()].sort(
          (a, b) => b.year - a.year || a.memberName.localeCompare(b.memberName),
        ),
      };
    },

    /** `POST /certificates/health-mutual`: the family's certificate for a paid registration. */
    async requestHealthMutual(auth: AuthContext, input: HealthMutualRequest) {
      const { organizationId, member } = await familyMember(auth, input.memberId);
      const [row] = await issuer.issue(
        organizationId,
        {
          kind: 'health-mutual',
          memberId: member.id,
          blueprintId: input.blueprintId,
          periodId: input.periodId ?? null,
        },
        auth.userId,
      );
      return toCertificateDto(row!);
    },

    /** `POST /certificates/tax`: the year certificate of a child (281.86 in Belgium, a payment certificate elsewhere). */
    async requestYear(auth: AuthContext, input: YearCertificateRequest) {
      const { organizationId, member } = await familyMember(auth, input.memberId);
      const org = await repository.organization(organizationId);
      const rows = await issuer.issue(
        organizationId,
        { kind: yearKindOf(org?.billingCountry), memberId: member.id, year: input.year },
        auth.userId,
      );
      return { items: rows.map(toCertificateDto) };
    },

    /** `PUT /certificates/tax-identities/{memberId}`: the national register numbers, encrypted. */
    async saveTaxIdentity(auth: AuthContext, memberId: string, input: TaxIdentityInput) {
      const { organizationId, member } = await familyMember(auth, memberId);
      const seal = (value: string, which: 'child' | 'debtor') =>
        encryptSecret(
          ctx.secrets.encryptionKey,
          normalizeNationalRegisterNumber(value)!,
          nationalNumberContext(organizationId, member.id, which),
        );
      await repository.saveTaxIdentity({
        organizationId,
        memberId: member.id,
        childNumberEncrypted: seal(input.childNationalNumber, 'child'),
        debtorNumberEncrypted: seal(input.debtorNationalNumber, 'debtor'),
        debtorFirstName: input.debtorFirstName,
        debtorLastName: input.debtorLastName,
        updatedByUserId: auth.userId,
      });
    },

    /**
     * `GET /certificates/{id}/file`: the original as stored, or a copy marked duplicate rendered from the
     * same frozen facts.
     */
    async file(
      auth: AuthContext,
      id: string,
      duplicate: boolean,
    ): Promise<{ fileName: string; body: Readable | Buffer }> {
      const row = await reachable(auth, id);
      if (!duplicate) {
        return {
          fileName: `${row.number}.pdf`,
          body: createDocumentStore(ctx.db).read(row.organizationId, row.documentId),
        };
      }
      const body = await issuer.render(ctx.db, row.organizationId, [row], {
        duplicate: true,
        title: row.number,
        locale: row.locale === 'en' ? 'en' : 'fr',
      });
      return { fileName: `${row.number}-duplicata.pdf`, body };
    },
  };
}
