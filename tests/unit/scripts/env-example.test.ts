import fs from 'node:fs';
import path from 'node:path';
import { envSchema } from '@/lib/config/env';
import { BNR_DAILY_FEED_URL } from '@/lib/exchange-rate/bnr-feed';

const example = fs.readFileSync(path.resolve(__dirname, '../../../.env.example'), 'utf8');
/** The variables .env.example shows, set or commented out, with their example values. */
const shown = new Map(
  [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(([, name, value]) => [name, value]),
);

describe('.env.example', () => {
  it('names every variable of the configuration', () => {
    expect(Object.keys(envSchema.shape).filter((name) => !shown.has(name))).toEqual([]);
  });

  it("names the BNR feed's working address", () => {
    expect(shown.get('EXCHANGE_RATE_FEED_URL')).toBe(BNR_DAILY_FEED_URL);
  });
});
