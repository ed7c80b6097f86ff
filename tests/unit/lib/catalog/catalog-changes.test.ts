import { EventEmitter } from 'node:events';
import {
  announceCatalogChange,
  CATALOG_CHANGED_CHANNEL,
  listenForCatalogChanges,
  reconnectDelayMs,
  serverInstanceId,
  type NotificationClient,
} from '@/lib/catalog/catalog-changes';
import { REFERENCE_DATA } from '@/lib/catalog/reference-data';
import { openDatabase } from '@/lib/db/client';

/** A node-postgres client as the listener sees it, whose connection the test breaks at will. */
class FakeClient extends EventEmitter implements NotificationClient {
  readonly queries: string[] = [];
  ended = false;
  constructor(private readonly refuse = false) {
    super();
  }
  async connect() {
    if (this.refuse) throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    this.ended = true;
  }
  notify(channel: string, payload?: string) {
    this.emit('notification', { channel, payload });
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('listenForCatalogChanges', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('listens on the channel, and regenerates once connected and for every other server’s announcement', async () => {
    const client = new FakeClient();
    const onChange = jest.fn();
    const listener = listenForCatalogChanges({ createClient: () => client, onChange, ownId: 'me' });
    await settle();
    expect(client.queries).toEqual([`LISTEN ${CATALOG_CHANGED_CHANNEL}`]);
    // Changes made while this server was away are caught up at once.
    expect(onChange).toHaveBeenCalledTimes(1);

    client.notify(CATALOG_CHANGED_CHANNEL, 'another-server');
    client.notify(CATALOG_CHANGED_CHANNEL, '');
    expect(onChange).toHaveBeenCalledTimes(3);
    // Its own announcement: the route handler has already regenerated this server's pages.
    client.notify(CATALOG_CHANGED_CHANNEL, 'me');
    client.notify('something_else', 'another-server');
    expect(onChange).toHaveBeenCalledTimes(3);

    await listener.stop();
    expect(client.ended).toBe(true);
  });

  it('hears the other channels it is given on the same connection, each with its own handler', async () => {
    const client = new FakeClient();
    const onChange = jest.fn();
    const kicks: string[] = [];
    const listener = listenForCatalogChanges({
      createClient: () => client,
      onChange,
      ownId: 'me',
      alsoListen: { job_kick: (payload) => kicks.push(payload) },
    });
    await settle();
    expect(client.queries).toEqual([`LISTEN ${CATALOG_CHANGED_CHANNEL}`, 'LISTEN job_kick']);
    client.notify('job_kick', 'mail');
    client.notify('job_kick', 'me');
    client.notify('toString', 'x');
    expect(kicks).toEqual(['mail', 'me']);
    // A kick is no catalog change.
    expect(onChange).toHaveBeenCalledTimes(1);
    await listener.stop();
  });

  it('connects again after a lost connection, with growing waits, and catches up on what it missed', async () => {
    const clients = [new FakeClient(), new FakeClient(true), new FakeClient()];
    let made = 0;
    const onChange = jest.fn();
    const lost = jest.fn();
    const listener = listenForCatalogChanges({
      createClient: () => clients[made++]!,
      onChange,
      ownId: 'me',
      onConnectionLost: lost,
    });
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);

    clients[0]!.emit('error', new Error('terminating connection due to administrator command'));
    expect(clients[0]!.ended).toBe(true);
    // A late error of the abandoned connection must not crash the process nor start another attempt.
    clients[0]!.emit('error', new Error('again'));
    expect(lost).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(reconnectDelayMs(1));
    // The second client is refused: the wait doubles.
    expect(made).toBe(2);
    expect(lost).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(reconnectDelayMs(2) - 1);
    expect(made).toBe(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(made).toBe(3);
    await settle();
    expect(clients[2]!.queries).toEqual([`LISTEN ${CATALOG_CHANGED_CHANNEL}`]);
    expect(onChange).toHaveBeenCalledTimes(2);

    clients[2]!.notify(CATALOG_CHANGED_CHANNEL, 'another-server');
    expect(onChange).toHaveBeenCalledTimes(3);
    await listener.stop();
  });

  it('notices a connection that died without a word by its heartbeat', async () => {
    const silent = new FakeClient();
    const fresh = new FakeClient();
    const clients = [silent, fresh];
    const onChange = jest.fn();
    const listener = listenForCatalogChanges({
      createClient: () => clients.shift()!,
      onChange,
      ownId: 'me',
      heartbeatMs: 1_000,
      retryDelayMs: () => 10,
    });
    await settle();
    silent.query = async () => {
      throw new Error('Query read timeout');
    };
    await jest.advanceTimersByTimeAsync(1_000);
    await jest.advanceTimersByTimeAsync(10);
    await settle();
    expect(silent.ended).toBe(true);
    expect(fresh.queries).toContain(`LISTEN ${CATALOG_CHANGED_CHANNEL}`);
    expect(onChange).toHaveBeenCalledTimes(2);
    await listener.stop();
  });

  it('stops retrying once stopped', async () => {
    let made = 0;
    const listener = listenForCatalogChanges({
      createClient: () => {
        made++;
        return new FakeClient(true);
      },
      onChange: jest.fn(),
      ownId: 'me',
    });
    await settle();
    await listener.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(made).toBe(1);
  });

  it('waits 1 s, 2 s, 4 s ... and never more than 30 s between attempts', () => {
    expect([1, 2, 3, 5, 6, 20].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 16_000, 30_000, 30_000]);
  });
});

describe('announceCatalogChange', () => {
  it('is heard on the channel once sent, naming this process only when it has regenerated its pages', async () => {
    const database = await openDatabase({ memory: true, referenceData: REFERENCE_DATA });
    try {
      const heard: string[] = [];
      await database.listen!(CATALOG_CHANGED_CHANNEL, (payload) => heard.push(payload));
      await announceCatalogChange(database.db, { revalidatedHere: true });
      await announceCatalogChange(database.db, { revalidatedHere: false });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([serverInstanceId(), '']);
    } finally {
      await database.close();
    }
  });
});
