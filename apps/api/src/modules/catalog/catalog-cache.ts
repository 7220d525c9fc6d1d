import { createHash } from 'node:crypto';
import { type CatalogQuery, isParticipant, type Locale, ageInMonths } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import type { ViewerClassFacts } from './catalog-context.repository';
import { type createCatalogService, DEFAULT_TIME_ZONE } from './catalog.service';
import { singleFlight } from './http-cache';

/*
 * The catalogue micro-cache: what a CDN or an nginx micro-cache would do for a read-heavy page, inside the
 * process. When registrations open, thousands of families ask the same few catalogue pages within
 * seconds; most of them see exactly the same thing. A family's page depends only on its VISIBILITY CLASS:
 *
 *   (organisation, language, the normalised query, the sorted ids of the private activities the family
 *    takes part in, and, with the `memberId` filter, that member's age in months today, not the member)
 *
 * so pages are kept for `CATALOG_CACHE_SECONDS` (config; default 2, 0 turns all of this off) under that
 * key and shared by every family of the class. A shared page is computed from the class itself
 * (`listForClass`: the class's private activity ids are parameters), never from the registrations of the
 * family whose request happened to compute it, so a page can never show a family another class's
 * private activities.
 *
 * Who is never served from it (their pages stay per viewer and live, as without the cache): managers,
 * holders, support, administrators and system staff (they see hidden activities or their own scope), and
 * anyone who created a hidden or private activity (the creator rule of the visibility).
 *
 * STALENESS BOUND, what it costs: with TTL = CATALOG_CACHE_SECONDS, the LIST may be up to TTL seconds late
 * (a few hundred ms more with the browser, see below) on
 *   - free seats and next sessions (a session that started in the last TTL seconds may still be listed),
 *   - newly published, changed, hidden or archived activities,
 *   - the family's class itself: the facts (private activities taken part in, whether they created a
 *     hidden or private activity, their members' birthdates, the time zone) are remembered per
 *     (organisation, user, family) for TTL seconds too, so a family that just registered to a private
 *     activity sees it listed at most TTL seconds later.
 * Nothing else reads from it: the activity's page (`GET /catalog/blueprints/{id}`), the cart and the
 * checkout always read live data, and seats are enforced at checkout (the conditional seat update), so a
 * late seat count on the list can at worst show a full session as free for TTL seconds.
 *
 * The browser's copy follows the same bound: the list answers `Cache-Control: private, max-age=TTL` with
 * an `Age` header saying how old a shared page already is, so the browser's copy expires when the shared
 * one does (up to the rounding of `Age` to whole seconds).
 *
 * Per process and bounded: at most `MAX_PAGES` pages and `MAX_PAGE_CHARS` characters of pages, and
 * `MAX_CLASSES` remembered classes, least recently used dropped first. A page being computed is computed
 * once for everyone asking it meanwhile (singleFlight), so an expired popular page costs one query, not
 * one per waiting family (no stampede). Several instances each keep their own copy: the bound holds per
 * instance, and so for any answer.
 */

const MAX_PAGES = 2_000;
/** About 64 MB of UTF-16 strings at most; a page of 20 cards is ~17 k characters. */
const MAX_PAGE_CHARS = 32_000_000;
const MAX_CLASSES = 20_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
  weight: number;
}

/**
 * A capped map of expiring entries: reading an entry makes it the most recently used; past `maxEntries`
 * entries or `maxWeight` total weight, the least recently used go first. Expired entries are dropped when
 * read or when they reach the front.
 */
export function boundedCache<T>(limits: {
  maxEntries: number;
  maxWeight?: number;
  weigh?: (value: T) => number;
}) {
  const entries = new Map<string, Entry<T>>();
  const maxWeight = limits.maxWeight ?? Number.POSITIVE_INFINITY;
  let weight = 0;
  const drop = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    weight -= entry.weight;
  };
  return {
    get(key: string, now: number): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now) {
        weight -= entry.weight;
        return undefined;
      }
      entries.set(key, entry);
      return entry.value;
    },
    set(key: string, value: T, expiresAt: number): void {
      const old = entries.get(key);
      if (old) drop(key, old);
      const entryWeight = limits.weigh?.(value) ?? 1;
      if (entryWeight > maxWeight) return;
      entries.set(key, { value, expiresAt, weight: entryWeight });
      weight += entryWeight;
      for (const [oldest, entry] of entries) {
        if (entries.size <= limits.maxEntries && weight <= maxWeight) break;
        drop(oldest, entry);
      }
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}

/** A catalogue page ready to send: its JSON, its ETag, and when the data it shows was read. */
export interface PageAnswer {
  body: string;
  etag: string;
  readAt: number;
}

const answerOf = (body: string, readAt: number): PageAnswer => ({
  body,
  etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
  readAt,
});

type CatalogService = ReturnType<typeof createCatalogService>;

/** The family catalogue pages, shared by visibility class for `config.catalogCacheSeconds`. */
export function createCatalogPageCache(ctx: AppContext, catalog: CatalogService) {
  const ttlMs = ctx.config.catalogCacheSeconds * 1000;
  const pages = boundedCache<PageAnswer>({
    maxEntries: MAX_PAGES,
    maxWeight: MAX_PAGE_CHARS,
    weigh: (page) => page.body.length,
  });
  const classes = boundedCache<ViewerClassFacts>({ maxEntries: MAX_CLASSES });
  const computing = singleFlight<PageAnswer>();
  const lookingUp = singleFlight<ViewerClassFacts>();

  /** The page of the caller's own viewer key: computed live (identical concurrent requests shared). */
  function live(auth: AuthContext, query: CatalogQuery, locale: Locale): Promise<PageAnswer> {
    // Everything the answer depends on: who is looking (visibility, family, scope), what and how.
    const key = JSON.stringify([
      'viewer',
      auth.organizationId,
      auth.userId,
      auth.familyId,
      auth.actor.role,
      auth.actor.isSystemAdmin,
      auth.establishmentId,
      locale,
      query.q ?? null,
      query.establishmentId ?? null,
      query.memberId ?? null,
      query.dayOfWeek ?? null,
      query.periodId ?? null,
      query.page,
      query.pageSize,
    ]);
    return computing(key, async () => {
      const readAt = ctx.clock.now().getTime();
      return answerOf(JSON.stringify(await catalog.list(auth, query, locale)), readAt);
    });
  }

  /** The caller's class facts, remembered for the TTL (one round trip when not). */
  async function factsOf(auth: AuthContext, now: number): Promise<ViewerClassFacts> {
    const key = `${auth.organizationId}\u0000${auth.userId}\u0000${auth.familyId}`;
    const known = classes.get(key, now);
    if (known) return known;
    return lookingUp(key, async () => {
      const facts = await catalog.classFacts(auth);
      classes.set(key, facts, now + ttlMs);
      return facts;
    });
  }

  return {
    ttlSeconds: ctx.config.catalogCacheSeconds,

    /** The catalogue page for the caller: shared by class for a plain family member, else live. */
    async page(auth: AuthContext, query: CatalogQuery, locale: Locale): Promise<PageAnswer> {
      if (ttlMs <= 0 || !isParticipant(auth.actor)) return live(auth, query, locale);
      const now = ctx.clock.now().getTime();
      const facts = await factsOf(auth, now);
      if (facts.createdHiddenOrPrivate) return live(auth, query, locale);
      let ageMonths: number | null | undefined;
      if (query.memberId !== undefined) {
        // Only the caller's own family: another family's member is as unknown as a made-up id.
        if (!Object.hasOwn(facts.members, query.memberId)) throw new AppError('not_found');
        const birthdate = facts.members[query.memberId];
        ageMonths = birthdate
          ? ageInMonths(birthdate, new Date(now), facts.timeZone ?? DEFAULT_TIME_ZONE)
          : null;
      }
      const term = query.q?.trim() || null;
      const key = JSON.stringify([
        'class',
        auth.organizationId,
        locale,
        facts.privateActivityIds,
        ageMonths === undefined ? 'any' : ageMonths,
        term,
        query.establishmentId ?? null,
        query.dayOfWeek ?? null,
        query.periodId ?? null,
        query.page,
        query.pageSize,
      ]);
      const cached = pages.get(key, now);
      if (cached) return cached;
      return computing(key, async () => {
        const readAt = ctx.clock.now().getTime();
        const page = await catalog.listForClass(
          auth.organizationId,
          facts,
          { ...query, q: term ?? undefined },
          ageMonths,
          locale,
        );
        const answer = answerOf(JSON.stringify(page), readAt);
        pages.set(key, answer, readAt + ttlMs);
        return answer;
      });
    },

    /** For tests and diagnostics: how much is held. */
    stats: () => ({ pages: pages.size, pageChars: pages.weight, classes: classes.size }),
  };
}
