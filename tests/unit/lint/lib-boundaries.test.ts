import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const fixture = fs.readFileSync(path.join(root, 'tests/fixtures/lint/lib-imports-component.ts'), 'utf8');

interface Case {
  code: string;
  /** Where the text is linted as if it lay, from the root. */
  filePath: string;
}

/**
 * The messages of the boundary rule (`no-restricted-imports`) for each text, linted by ESLint's Node API with the
 * shop's own eslint.config.mjs. It runs in a Node process of its own: the config is an ES module that loads
 * CommonJS plugins, which Jest's module sandbox cannot.
 */
function boundaryMessages(cases: Case[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const found = [];
    for (const { code, filePath } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(code, { filePath });
      found.push(result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message));
    }
    process.stdout.write(JSON.stringify(found));
  `;
  const input = cases.map(({ code, filePath }) => ({ code, filePath: path.join(root, filePath) }));
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(input)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as string[][];
}

const IN_LIB = 'lib/vignettes/boundary-fixture.ts';
const CASES = {
  fixture: { code: fixture, filePath: IN_LIB },
  app: { code: "import sitemap from '@/app/sitemap';\nexport const map = sitemap;\n", filePath: IN_LIB },
  relative: { code: "export { PriceTable } from '../../components/faq/price-table';\n", filePath: IN_LIB },
  lib: {
    code: "import { VIGNETTE_TYPES } from '@/lib/vignettes/periods';\nexport const first = VIGNETTE_TYPES[0];\n",
    filePath: IN_LIB,
  },
  component: { code: fixture, filePath: 'components/vignette/boundary-fixture.ts' },
} satisfies Record<string, Case>;

describe('the lib/ boundary (eslint.config.mjs)', () => {
  let messages: Record<keyof typeof CASES, string[]>;

  beforeAll(() => {
    const names = Object.keys(CASES) as (keyof typeof CASES)[];
    const found = boundaryMessages(names.map((name) => CASES[name]));
    messages = Object.fromEntries(names.map((name, index) => [name, found[index] ?? []])) as typeof messages;
    // Loading the config with its TypeScript parser and plugins is slow on a busy machine.
  }, 120_000);

  it('refuses a lib/ module that imports from components/ (tests/fixtures/lint/)', () => {
    expect(messages.fixture).toEqual([expect.stringContaining('lib/ must not import components/ or app/')]);
  });

  it('refuses imports from app/, and relative paths into components/', () => {
    expect(messages.app).toHaveLength(1);
    expect(messages.relative).toHaveLength(1);
  });

  it('lets a lib/ module import another lib/ module', () => {
    expect(messages.lib).toEqual([]);
  });

  it('leaves components/ free to import each other', () => {
    expect(messages.component).toEqual([]);
  });
});
