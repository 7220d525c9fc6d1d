import { z } from 'zod';
import { ORGANIZATION_KEY_MAX } from '../organization-key';

/** `GET /organizations/key-availability?key=`: may a new organisation take this key (subdomain)? */
export const keyAvailabilityQuerySchema = z.object({ key: z.string().max(100) });

export const KEY_UNAVAILABLE_REASONS = ['invalid', 'reserved', 'taken'] as const;
export type KeyUnavailableReason = (typeof KEY_UNAVAILABLE_REASONS)[number];

export const keyAvailabilitySchema = z.object({
  key: z.string().max(100),
  available: z.boolean(),
  reason: z.enum(KEY_UNAVAILABLE_REASONS).nullable(),
  /** Free keys to propose instead (empty when available). */
  suggestions: z.array(z.string().max(ORGANIZATION_KEY_MAX)).max(10),
});
export type KeyAvailability = z.infer<typeof keyAvailabilitySchema>;

/**
 * Where to go and the single-use code that signs in there: what `POST /organizations/onboard` answers
 * the new club's admin, and `POST /organizations/{id}/enter` the platform staff entering a club.
 */
export const handoffDestinationSchema = z.object({
  organizationId: z.string().max(100),
  organizationKey: z.string().max(ORGANIZATION_KEY_MAX),
  /** Exchanged once, within 60 seconds, at `POST /auth/sign-in/handoff` on the new subdomain. */
  handoffCode: z.string().max(100),
});
export type HandoffDestination = z.infer<typeof handoffDestinationSchema>;

/** `POST /auth/sign-in/handoff`. */
export const handoffSignInSchema = z.object({ code: z.string().min(1).max(100) });
