import { z } from 'zod';
import type { Locale } from '../locale';
import { optionalText } from '../validation/fields';
import { TEXT_LIMITS } from '../validation/limits';
import { entityIdField } from './service.schema';

/**
 * `GET /holdings/attendees`: everyone attending the sessions a holder holds in the current period,
 * searchable by name; managers may name the holder (`holderId`), a holder only sees their own.
 */
export function holderAttendeesQuerySchema(locale: Locale) {
  return z.object({
    q: optionalText(locale, 0, TEXT_LIMITS.search),
    holderId: entityIdField(locale).optional(),
  });
}

export type HolderAttendeesQuery = z.infer<ReturnType<typeof holderAttendeesQuerySchema>>;
