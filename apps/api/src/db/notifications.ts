import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseHandle } from './client';

/*
 * PostgreSQL LISTEN/NOTIFY, how every instance hears what another one changed (today: session changes,
 * see modules/auth/session-cache.ts). On PostgreSQL, a dedicated connection per channel, outside the
 * pool (a pooled connection would drop its LISTEN when handed back). When that connection is lost it is
 * opened again with backoff, and `onConnected(false)` tells the subscriber that notifications may be
 * missed until `onConnected(true)`. A connection that died silently (a network cut without a reset)
 * is noticed by a heartbeat query. `caughtUp` tells a subscriber when everything committed so far has
 * been heard (see `caughtUpOn`). The embedded database (PGlite) is a single process: it delivers its
 * notifications in-process and is never disconnected.
 */

/**
 * Resolves once every notification committed before the call has been handed to `onMessage`; rejects
 * when that cannot be known quickly (connection lost or slow): the caller then asks the database.
 */
export type CaughtUp = () => Promise<void>;

export interface ChannelSubscriber {
  onMessage(payload: string): void;
  /**
   * Called with true once listening (again), with false when notifications may be missed; `caughtUp`
   * belongs to that connection.
   */
  onConnected(connected: boolean, caughtUp: CaughtUp): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** A heartbeat query every so often; one still unanswered at the next beat means the connection is dead. */
const HEARTBEAT_MS = 5_000;
/** How long `caughtUp` may wait for its round trip before its caller asks the database instead. */
const CAUGHT_UP_TIMEOUT_MS = 1_000;

/** Listens on `channel` (a constant identifier, never user input) for as long as the app runs. */
export async function listenToChannel(
  database: Pick<DatabaseHandle, 'url' | 'pglite'>,
  channel: string,
  subscriber: ChannelSubscriber,
  logger: Logger,
): Promise<ChannelListener> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  if (database.pglite) {
    // The embedded database hands over its notifications before the statement that sent them returns.
    const alwaysCaughtUp: CaughtUp = () => Promise.resolve();
    const unlisten = await database.pglite.listen(channel, (payload) => subscriber.onMessage(payload));
    subscriber.onConnected(true, alwaysCaughtUp);
    return {
      async close() {
        subscriber.onConnected(false, alwaysCaughtUp);
        await unlisten();
      },
    };
  }
  return listenOnPostgres(database.url!, channel, subscriber, logger.child({ channel }));
}

function listenOnPostgres(
  url: string,
  channel: string,
  subscriber: ChannelSubscriber,
  logger: Logger,
): Promise<ChannelListener> {
  let closed = false;
  let connected = false;
  let failures = 0;
  let current: { lose: (error?: unknown) => Promise<void> } | undefined;
  let retry: NodeJS.Timeout | undefined;

  let caughtUp: CaughtUp = () => Promise.reject(new Error('not listening'));
  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    subscriber.onConnected(value, caughtUp);
  };

  const scheduleReconnect = () => {
    // 250 ms, 500 ms, 1 s … up to 10 s, with jitter so that instances cut together do not retry together.
    const delay = Math.min(RECONNECT_FIRST_MS * 2 ** failures, RECONNECT_MAX_MS) * (0.5 + Math.random() / 2);
    failures++;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  /** Opens a connection and LISTENs; resolves once listening or once this attempt has failed. */
  const connect = async (): Promise<void> => {
    retry = undefined;
    // Named, so that it can be told apart from the pool's connections in pg_stat_activity.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: 'inscrio-notifications',
    });
    let gone = false;
    const lose = async (error?: unknown) => {
      if (gone) return;
      gone = true;
      if (current?.lose === lose) current = undefined;
      setConnected(false);
      if (!closed) {
        logger.warn(
          { err: error instanceof Error ? { message: error.message } : undefined },
          'notification listener disconnected; reconnecting',
        );
        scheduleReconnect();
      }
      await client.end().catch(() => {});
    };
    // Both fire when the server ends the connection (pg_terminate_backend, restart, network error).
    client.on('error', (error) => void lose(error));
    client.on('end', () => void lose(new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) subscriber.onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await lose(error);
      return;
    }
    if (gone) return;
    if (closed) {
      gone = true;
      await client.end().catch(() => {});
      return;
    }
    current = { lose };
    caughtUp = caughtUpOn(client);
    let pending = false;
    const heartbeat = setInterval(() => {
      if (gone) return clearInterval(heartbeat);
      if (pending) return void lose(new Error('heartbeat unanswered'));
      pending = true;
      client.query('select 1').then(
        () => (pending = false),
        (error: unknown) => void lose(error),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
    if (failures > 0) logger.info('notification listener reconnected');
    failures = 0;
    setConnected(true);
  };

  return connect().then(() => ({
    async close() {
      closed = true;
      clearTimeout(retry);
      setConnected(false);
      await current?.lose();
    },
  }));
}

/**
 * PostgreSQL sends a listening connection the notifications committed before a statement ahead of that
 * statement's answer, so one round trip begun after the call proves every earlier notification heard.
 * Callers arriving while a round trip is under way share the next one (begun after them): one `select 1`
 * in flight at a time, whatever the number of requests waiting.
 */
function caughtUpOn(client: pg.Client): CaughtUp {
  let inFlight = false;
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const roundTrip = () => {
    const batch = waiting;
    waiting = [];
    inFlight = true;
    client
      .query('select 1')
      .then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        inFlight = false;
        if (waiting.length > 0) roundTrip();
      });
  };
  return () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('caught-up check too slow')), CAUGHT_UP_TIMEOUT_MS);
      const settle = (done: () => void) => () => {
        clearTimeout(timer);
        done();
      };
      waiting.push({ resolve: settle(resolve), reject: (error) => settle(() => reject(error))() });
      if (!inFlight) roundTrip();
    });
}
