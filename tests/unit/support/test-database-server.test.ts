import { dropDatabase } from '../../support/test-database-server';

/** PostgreSQL's refusal when FORCE meets a backend of another role (an autovacuum worker in the database). */
const notAllowed = Object.assign(
  new Error('must be a member of the role whose process is being terminated or member of pg_signal_backend'),
  { code: '42501' },
);

describe("dropping a test's database", () => {
  it('asks again while an autovacuum worker it may not end is still in the database', async () => {
    const asked: string[] = [];
    let refusals = 2;
    await dropDatabase(
      'shop_test_1',
      async (query) => {
        asked.push(query);
        if (refusals-- > 0) throw notAllowed;
      },
      0,
    );
    expect(asked).toEqual(Array(3).fill('DROP DATABASE IF EXISTS shop_test_1 WITH (FORCE)'));
  });

  it('gives up after 100 refusals, and at once on any other error', async () => {
    let asked = 0;
    const refusing = async () => {
      asked++;
      throw notAllowed;
    };
    await expect(dropDatabase('shop_test_2', refusing, 0)).rejects.toBe(notAllowed);
    expect(asked).toBe(100);

    const gone = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    asked = 0;
    await expect(
      dropDatabase(
        'shop_test_3',
        async () => {
          asked++;
          throw gone;
        },
        0,
      ),
    ).rejects.toBe(gone);
    expect(asked).toBe(1);
  });
});
