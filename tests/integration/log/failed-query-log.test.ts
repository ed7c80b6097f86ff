import { sql } from 'drizzle-orm';
import { freshPglite, type TestDatabase } from '../../support/databases';
import { captureLog } from '../../support/log-capture';

describe('a failed statement in the logs', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await freshPglite();
  });
  afterAll(() => store.dispose());

  it("keeps the statement and the database's reason, never the values it carried", async () => {
    const secretEmail = 'buyer.private@example.ro';
    const secretKey =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    await store.database.db.execute(sql`create table logged_people (email text primary key, note text)`);
    await store.database.db.execute(sql`insert into logged_people values (${secretEmail}, ${'first'})`);
    // A real failure: the same key again, as a retried insert of a buyer's row would fail.
    const error = await store.database.db
      .execute(sql`insert into logged_people values (${secretEmail}, ${secretKey})`)
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain(secretEmail);

    const { log, text } = captureLog();
    log.error({ err: error }, 'unhandled error');
    const line = text();
    expect(line).toContain('insert into logged_people');
    expect(line).toContain('params: [redacted]');
    expect(line).not.toContain(secretEmail);
    expect(line).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC');
    expect(JSON.parse(line).err.type).toBeTruthy();
  });

  it('leaves an ordinary error as pino writes it', () => {
    const { log, text } = captureLog();
    log.warn({ err: new Error('the issuer did not answer') }, 'delivery failed');
    const { err } = JSON.parse(text());
    expect(err.message).toBe('the issuer did not answer');
    expect(err.stack).toContain('failed-query-log.test.ts');
  });
});
