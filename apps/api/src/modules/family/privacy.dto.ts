import { z } from 'zod';
import { companyDtoSchema, memberSchema } from '../users/user.dto';

/*
 * `GET /me/export`: everything the platform holds about the caller's family, as a JSON download. Declared
 * field by field: the serializer drops anything else, so password hashes, link tokens and the secret
 * calendar address can never leak into it.
 */

const iso = z.string().nullable();

const exportedMemberSchema = memberSchema.omit({ isHolder: true }).extend({
  createdAt: z.string(),
  updatedAt: z.string(),
  removedAt: iso,
});

const exportedAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  isHolder: z.boolean(),
  establishment: z.string(),
  locale: z.string(),
  createdAt: z.string(),
  lastLoginAt: iso,
  deletedAt: iso,
  hasAcceptedROIAt: iso,
  hasAcceptedLegalMentionsAt: iso,
  onboardingAchievements: z.string(),
  company: companyDtoSchema.nullable(),
  person: exportedMemberSchema,
  calendarFeed: z.object({ exists: z.boolean(), createdAt: iso }),
});

export const dataExportSchema = z.object({
  exportedAt: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }),
  requestedBy: z.string(),
  accounts: z.array(exportedAccountSchema),
  members: z.array(exportedMemberSchema),
  representativeInvitations: z.array(
    z.object({
      email: z.string(),
      status: z.string(),
      invitedByUserId: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      respondedAt: iso,
    }),
  ),
  certificates: z.array(
    z.object({
      number: z.string(),
      kind: z.string(),
      year: z.number(),
      memberId: z.string(),
      amountCents: z.number(),
      issuedAt: z.string(),
    }),
  ),
  /** The national register numbers given for the Belgian tax certificate (281.86), opened. */
  taxIdentities: z.array(
    z.object({
      memberId: z.string(),
      childNationalNumber: z.string().nullable(),
      debtorNationalNumber: z.string().nullable(),
      debtorFirstName: z.string(),
      debtorLastName: z.string(),
      updatedAt: z.string(),
    }),
  ),
  auditEvents: z.array(
    z.object({
      type: z.string(),
      at: z.string(),
      actorUserId: z.string().nullable(),
      impersonatorUserId: z.string().nullable(),
      subjectType: z.string().nullable(),
      subjectId: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      ip: z.string().nullable(),
    }),
  ),
});

export type DataExport = z.infer<typeof dataExportSchema>;
