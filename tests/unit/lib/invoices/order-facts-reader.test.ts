import type { Executor } from '@/lib/db/client';
import { readOrderFacts, readOrderFactsWith, type OrderFactsReader } from '@/lib/invoices/order-facts-reader';

const registry = globalThis as unknown as { roadOrderFactsReader?: OrderFactsReader };
const executor = {} as Executor;

describe('readOrderFacts', () => {
  const given = registry.roadOrderFactsReader;
  afterEach(() => {
    registry.roadOrderFactsReader = given;
  });

  it('reads the order with the reader the server gave at start', async () => {
    const facts = { orderId: 'o', reference: null, locale: 'ro', email: 'a@b.ro', billing: null, items: [] };
    const reader = jest.fn(async () => facts);
    readOrderFactsWith(reader);
    await expect(readOrderFacts(executor, 'o')).resolves.toBe(facts);
    expect(reader).toHaveBeenCalledWith(executor, 'o');
  });

  it('says what is missing when no reader was given, instead of stating a document from nothing', () => {
    delete registry.roadOrderFactsReader;
    expect(() => readOrderFacts(executor, 'o')).toThrow('no reader of orders was given to lib/invoices');
  });
});
