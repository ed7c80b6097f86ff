import fs from 'node:fs';
import path from 'node:path';

// docs/README.md's table of decisions is how a newcomer finds them: a record written without its row is a
// decision nobody reads.

const DOCS = path.resolve(__dirname, '../../../docs');
const records = fs
  .readdirSync(path.join(DOCS, 'decisions'))
  .filter((name) => name.endsWith('.md'))
  .sort();
const index = fs.readFileSync(path.join(DOCS, 'README.md'), 'utf8');
/** Each row of the index: the number it shows and the file it links. */
const rows = [...index.matchAll(/^\| \[(\d{4})\]\(decisions\/([^)]+)\)/gm)].map(
  ([, number = '', file = '']) => ({
    number,
    file,
  }),
);

describe("docs/README.md's decision index", () => {
  it('lists every record under docs/decisions, in order', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.file)).toEqual(records);
  });

  it('shows each record under its own number, the one its file and its title carry', () => {
    for (const { number, file } of rows) {
      expect(file.startsWith(`${number}-`)).toBe(true);
      const title = fs.readFileSync(path.join(DOCS, 'decisions', file), 'utf8').split('\n', 1)[0];
      expect(title).toMatch(new RegExp(`^# ${number}\\. `));
    }
  });

  it('numbers the records one after another, each number once', () => {
    const numbers = records.map((file) => Number(file.slice(0, 4)));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
