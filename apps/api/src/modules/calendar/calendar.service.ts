import {
  CALENDAR_MAX_ITEMS,
  type CalendarItems,
  type CalendarQuery,
  isAtLeastEstManager,
  isHolder,
  resolveLocale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError } from '../../lib/app-error';
import { randomToken } from '../../lib/crypto';
import { type AuthContext, establishmentScope, toActor } from '../../lib/access';
import { type CalendarScope, createCalendarRepository } from './calendar.repository';
import { toCalendarItem } from './calendar.dto';
import { renderFeed } from './ical';

const DAY_MS = 86_400_000;
/** A feed lists the past month and the next twelve, at most this many sessions, earliest first. */
const FEED_PAST_DAYS = 31;
const FEED_FUTURE_DAYS = 366;
const FEED_MAX_EVENTS = 5000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Whose sessions the caller's calendar shows (spec: managers all, holders their prestations, families theirs). */
export function calendarScope(auth: AuthContext): CalendarScope {
  if (isAtLeastEstManager(auth.actor)) {
    return { kind: 'organization', establishmentId: establishmentScope(auth) };
  }
  if (isHolder(auth.actor)) return { kind: 'holder', userId: auth.userId };
  return { kind: 'family', familyId: auth.familyId };
}

export function createCalendarService(ctx: AppContext) {
  const repository = createCalendarRepository(ctx.db);

  async function organizationOf(organizationId: string) {
    const organization = await repository.organization(organizationId);
    if (!organization) throw new AppError('organization_not_found');
    return organization;
  }

  /** The feed belongs to the account, in its own organisation (system staff: the system one). */
  const feedUrl = async (auth: AuthContext, token: string) => {
    const organization = await organizationOf(auth.homeOrganizationId);
    return { url: organizationUrl(ctx.config, organization.key, `/api/calendar/ical/${token}.ics`) };
  };

  return {
    async items(auth: AuthContext, query: CalendarQuery): Promise<CalendarItems> {
      const rows = await repository.items(
        auth.organizationId,
        calendarScope(auth),
        new Date(query.from),
        new Date(query.to),
        CALENDAR_MAX_ITEMS + 1,
      );
      // A family's rows carry the organisation's time zone (one round trip); otherwise it is asked.
      const timeZone = rows[0]?.timeZone ?? (await organizationOf(auth.organizationId)).timeZone;
      return {
        items: rows.slice(0, CALENDAR_MAX_ITEMS).map(toCalendarItem),
        timeZone,
        truncated: rows.length > CALENDAR_MAX_ITEMS,
      };
    },

    /** The caller's address, or null before they asked for one (a read never creates it). */
    async feed(auth: AuthContext) {
      const token = await repository.findToken(auth.homeOrganizationId, auth.userId);
      return token ? feedUrl(auth, token) : { url: null };
    },

    async createFeed(auth: AuthContext) {
      const token = await repository.ensureToken(auth.homeOrganizationId, auth.userId, randomToken());
      return feedUrl(auth, token);
    },

    async regenerateFeed(auth: AuthContext) {
      const token = randomToken();
      await repository.replaceToken(auth.homeOrganizationId, auth.userId, token);
      return feedUrl(auth, token);
    },

    async revokeFeed(auth: AuthContext): Promise<void> {
      await repository.deleteToken(auth.homeOrganizationId, auth.userId);
    },

    /** The iCalendar text behind a secret token; unknown, revoked or malformed tokens are all 404. */
    async ical(file: string): Promise<string> {
      const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
      if (!TOKEN_PATTERN.test(token)) throw new AppError('not_found');
      const owner = await repository.findFeedOwner(token);
      if (!owner) throw new AppError('not_found');
      // The feed shows what its owner's calendar shows: the same scope rules, applied to the owner.
      const auth: AuthContext = {
        userId: owner.userId,
        homeOrganizationId: owner.organizationId,
        organizationId: owner.organizationId,
        sessionId: '',
        actor: toActor(owner),
        familyId: owner.familyId,
        establishmentId: owner.establishmentId,
        email: owner.email,
        locale: resolveLocale(owner.locale),
        impersonatorUserId: null,
      };
      const now = ctx.clock.now();
      const window = {
        from: new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS),
        to: new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS),
      };
      const rows = await repository.items(
        owner.organizationId,
        calendarScope(auth),
        window.from,
        window.to,
        FEED_MAX_EVENTS,
      );
      return renderFeed(
        { key: owner.organizationKey, name: owner.organizationName, timeZone: owner.timeZone },
        rows,
        window,
        auth.locale,
      );
    },
  };
}
