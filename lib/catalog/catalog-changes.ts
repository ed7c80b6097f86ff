import 'server-only';

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/**
 * How a change of prices, top-up products or the exchange rate reaches every server's pages: Next keeps its page
 * cache per server, so the server that made the change says so on this PostgreSQL channel once the change has
 * committed, and every server listens and regenerates its own copies (docs/architecture.md, The catalog's pages).
 */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

const globalForChanges = globalThis as unknown as { roadServerInstance?: string };

/**
 * This process's name in announcements. Kept on globalThis: the route handlers that announce and the listener that
 * skips its own process's announcements are bundled apart.
 */
export const serverInstanceId = () => (globalForChanges.roadServerInstance ??= randomUUID());

/**
 * Tells every server that the catalog changed; call it after the change committed. `revalidatedHere`: this process
 * has already regenerated its own pages (a route handler did), so its listener skips the announcement; a job that
 * changed the catalog outside a request leaves it false and is heard by its own process too.
 */
export async function announceCatalogChange(db: Db, { revalidatedHere }: { revalidatedHere: boolean }) {
  const payload = revalidatedHere ? serverInstanceId() : '';
  await db.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, ${payload})`);
}

/** What the listener needs of a node-postgres `Client` (the tests give it a fake). */
export interface NotificationClient {
  connect(): Promise<unknown>;
  query(text: string): Promise<unknown>;
  end(): Promise<unknown>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  removeAllListeners(): unknown;
}

export interface CatalogListenerOptions {
  /** A new, unconnected client on the shop's database, outside the pool (the listener keeps it open). */
  createClient: () => NotificationClient | Promise<NotificationClient>;
  /**
   * Regenerates this server's pages. Called for every announcement but this process's own, and after every
   * (re)connection: what was announced while the connection was down is lost, and so are the changes made while
   * this server was not running.
   */
  onChange: () => void;
  /** This process's {@link serverInstanceId}. */
  ownId: string;
  /** Wait before the n-th attempt in a row to connect again (n from 1). */
  retryDelayMs?: (attempt: number) => number;
  /** A query on the idle connection this often notices a connection that died without a word (a partition). */
  heartbeatMs?: number;
  onConnectionLost?: (error: unknown) => void;
  /**
   * Other channels heard on the same connection, each with what to do with a notification's payload (the job kicks of
   * lib/server/job-kicks.ts): a server keeps one listening connection whatever it listens for.
   */
  alsoListen?: Record<string, (payload: string) => void>;
}

/** 1 s, 2 s, 4 s ... at most 30 s: a database coming back is found quickly, one staying away is not hammered. */
export const reconnectDelayMs = (attempt: number) => Math.min(30_000, 1_000 * 2 ** (attempt - 1));

/**
 * `LISTEN catalog_changed` on a connection of its own, connected again whenever it fails or ends. Answers a handle
 * whose `stop()` closes the connection and ends the retries.
 */
export function listenForCatalogChanges(options: CatalogListenerOptions): { stop(): Promise<void> } {
  const retryDelayMs = options.retryDelayMs ?? reconnectDelayMs;
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  let stopped = false;
  let attempt = 0;
  let current: NotificationClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const discard = (client: NotificationClient) => {
    client.removeAllListeners();
    // A late error of a connection given up must not crash the process.
    client.on('error', () => {});
    client.end().catch(() => {});
  };

  const connect = async () => {
    if (stopped) return;
    let lost = false;
    let client: NotificationClient | undefined;
    const connectionLost = (error: unknown) => {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      if (client) discard(client);
      if (stopped) return;
      options.onConnectionLost?.(error);
      attempt += 1;
      retry = setTimeout(() => void connect(), retryDelayMs(attempt));
    };
    try {
      client = await options.createClient();
    } catch (error) {
      connectionLost(error);
      return;
    }
    const active = client;
    current = active;
    active.on('error', connectionLost);
    active.on('end', () => connectionLost(new Error('the listening connection ended')));
    const others = options.alsoListen ?? {};
    active.on('notification', ({ channel, payload }) => {
      if (Object.hasOwn(others, channel)) others[channel]?.(payload ?? '');
      if (channel !== CATALOG_CHANGED_CHANNEL || (payload && payload === options.ownId)) return;
      options.onChange();
    });
    try {
      await active.connect();
      for (const channel of [CATALOG_CHANGED_CHANNEL, ...Object.keys(others)])
        await active.query(`LISTEN ${channel}`);
    } catch (error) {
      connectionLost(error);
      return;
    }
    if (lost || stopped) return;
    attempt = 0;
    heartbeat = setInterval(() => {
      active.query('SELECT 1').catch(connectionLost);
    }, heartbeatMs);
    heartbeat.unref?.();
    options.onChange();
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      if (current) discard(current);
    },
  };
}
