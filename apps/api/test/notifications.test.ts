import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenToChannel } from '../src/db/notifications';
import { openTestDatabase, usingPostgres } from './helpers/test-database';

const logger = pino({ level: 'silent' });

/** A TCP relay to PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
async function startCuttableRelay(target: URL) {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((socket) => {
    if (cut) return socket.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [a, b] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    cut() {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const until = async (what: string, done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!usingPostgres())('notification listener (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(2);
  });
  afterAll(() => database.close());

  it('hears notifications, says when it cannot, reconnects by itself and hears them again', async () => {
    const relay = await startCuttableRelay(new URL(database.url!));
    const messages: string[] = [];
    const states: boolean[] = [];
    let caughtUp: (() => Promise<void>) | undefined;
    const listener = await listenToChannel(
      { url: relay.url },
      'test_channel',
      {
        onMessage: (payload) => messages.push(payload),
        onConnected: (connected, check) => {
          states.push(connected);
          caughtUp = check;
        },
      },
      logger,
    );
    const notify = (payload: string) => database.query(`select pg_notify('test_channel', $1)`, [payload]);
    try {
      expect(states).toEqual([true]);
      await notify('one');
      // Once caught up, whatever was committed before is heard: no waiting, no polling.
      await caughtUp!();
      expect(messages).toEqual(['one']);

      relay.cut();
      await until('the disconnection', () => states.length === 2, 5_000);
      expect(states).toEqual([true, false]);
      await notify('sent while cut off');
      await expect(caughtUp!()).rejects.toThrow();
      // It keeps retrying, and keeps saying it is disconnected, while the database cannot be reached.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(states).toEqual([true, false]);

      relay.restore();
      await until('the reconnection', () => states.length === 3, 15_000);
      expect(states).toEqual([true, false, true]);
      await notify('two');
      await caughtUp!();
      expect(messages).toEqual(['one', 'two']);
    } finally {
      await listener.close();
      await relay.close();
    }
    expect(states.at(-1)).toBe(false);
  });
});

if (!usingPostgres())
  console.warn('PostgreSQL-only notification listener test skipped: set TEST_DATABASE_URL to run it.');
