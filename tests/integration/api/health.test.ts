import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET } from '@/app/api/health/route';
import { getDatabase } from '@/lib/db/client';
import { createPostgresDatabase, postgresUrl } from '../../support/databases';
import { noParams, resetProcess } from '../../support/process-database';

const request = () => new Request('http://localhost/api/health');

describe('GET /api/health', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'road-health-'));
  afterAll(async () => {
    await resetProcess({ DATABASE_URL: undefined, DATA_DIR: undefined });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 {"status":"ok"} on the embedded database', async () => {
    await resetProcess({ DATABASE_URL: undefined, DATA_DIR: dataDir });
    const response = await GET(request(), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await getDatabase()).driver).toBe('pglite');
  });

  it('answers 503 with the error shape when the database is unreachable', async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    await resetProcess({ DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none', DATA_DIR: undefined });
    const response = await GET(request(), noParams);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The database is unreachable' },
    });
  });

  (postgresUrl ? it : it.skip)('answers 200 on a real PostgreSQL', async () => {
    const created = await createPostgresDatabase();
    try {
      await resetProcess({ DATABASE_URL: created.url, DATA_DIR: undefined });
      const response = await GET(request(), noParams);
      expect(response.status).toBe(200);
      expect((await getDatabase()).driver).toBe('postgres');
    } finally {
      await resetProcess({ DATABASE_URL: undefined });
      await created.drop();
    }
  });
});
