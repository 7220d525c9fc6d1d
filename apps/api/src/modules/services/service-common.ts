// What the sessions' and prestations' use cases share, and the periods module with them.
import { isHolder, type Locale, message, type MessageKey, type MessageParams } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { localInstant, type SeriesError } from './series';
import type { ServiceScope } from './services.repository';
import { createSessionContextRepository } from './session-context.repository';

export interface RequestMeta {
  ip: string;
  requestId: string;
  locale: Locale;
}

/** A 400/404 naming the field at fault: the generic message, and the shared message in the detail. */
export function fieldError(
  code: 'validation_failed' | 'not_found',
  field: string,
  key: MessageKey,
  locale: Locale,
  params?: MessageParams,
): AppError {
  return new AppError(code, [{ field, rule: key, message: message(key, locale, params) }]);
}

/** Which sessions the caller may see: managers their establishment's, holders their own. */
export const serviceScopeOf = (auth: AuthContext): ServiceScope => ({
  establishmentId: establishmentScope(auth),
  holderUserId: isHolder(auth.actor) ? auth.userId : null,
});

/** Managers' reach only (for writes, which holders never make on sessions). */
export const managerScopeOf = (auth: AuthContext): ServiceScope => ({
  establishmentId: establishmentScope(auth),
  holderUserId: null,
});

/** The organisation's time zone: every local date and time is read in it. */
export async function organizationTimeZone(ctx: AppContext, organizationId: string): Promise<string> {
  const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
  if (!organization) throw new AppError('not_found');
  return organization.timeZone;
}

/** A start given as an instant or as a local date and time. */
export function startOf(
  input: { startDateTime?: string; date?: string; time?: string },
  timeZone: string,
): Date | undefined {
  if (input.startDateTime !== undefined) return new Date(input.startDateTime);
  if (input.date !== undefined && input.time !== undefined)
    return localInstant(input.date, input.time, timeZone);
  return undefined;
}

export const SERIES_MESSAGES: Record<SeriesError['problem'], MessageKey> = {
  dateOrder: 'endBeforeStart',
  span: 'seriesSpan',
  tooMany: 'seriesTooMany',
  empty: 'seriesEmpty',
};

/**
 * Checks that `periodId` may hold sessions of `establishmentId` for this caller: the period exists in
 * the organisation (and the manager's establishment), and belongs to the same establishment.
 */
export async function assertPeriodFor(
  db: Executor,
  auth: AuthContext,
  periodId: string,
  establishmentId: string,
  locale: Locale,
) {
  const period = await createSessionContextRepository(db).findPeriod(
    auth.organizationId,
    periodId,
    establishmentScope(auth),
  );
  if (!period) throw fieldError('not_found', 'periodId', 'notFound', locale);
  if (period.establishmentId !== establishmentId)
    throw fieldError('validation_failed', 'periodId', 'periodEstablishment', locale);
  return period;
}
