import { SUPPORT_ATTACHMENT_TYPES, SUPPORT_THREAD_STATUSES } from '@inscrio/shared';
import { z } from 'zod';
import type { SupportMessageRow, SupportThreadListRow } from './support.repository';

export const supportThreadSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_THREAD_STATUSES),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SupportThreadDto = z.infer<typeof supportThreadSchema>;

export const supportAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  contentType: z.enum(SUPPORT_ATTACHMENT_TYPES),
  byteSize: z.number().int(),
});

export const supportMessageDtoSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  fromPlatform: z.boolean(),
  /** Whether the caller wrote it. */
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachment: supportAttachmentSchema.nullable(),
});

export const supportThreadDetailSchema = supportThreadSchema.extend({
  messages: z.array(supportMessageDtoSchema),
  /** Whether the caller may close it (system administrators). */
  canClose: z.boolean(),
});
export type SupportThreadDetailDto = z.infer<typeof supportThreadDetailSchema>;

export const supportThreadListSchema = z.object({ items: z.array(supportThreadSchema) });

export const toSupportThreadDto = (row: SupportThreadListRow): SupportThreadDto => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  subject: row.subject,
  status: row.status,
  lastMessageAt: row.lastMessageAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

export function toSupportMessageDto(
  row: {
    message: SupportMessageRow;
    attachment: z.infer<typeof supportAttachmentSchema> | null;
  },
  callerUserId: string,
) {
  return {
    id: row.message.id,
    authorName: row.message.authorName,
    fromPlatform: row.message.fromPlatform,
    mine: row.message.authorUserId === callerUserId,
    body: row.message.body,
    createdAt: row.message.createdAt.toISOString(),
    attachment: row.attachment?.id ? row.attachment : null,
  };
}
