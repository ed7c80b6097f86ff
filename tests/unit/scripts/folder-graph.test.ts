import {
  ALLOWED_UPWARD_IMPORTS,
  describeCycle,
  folderCycles,
  folderEdges,
  folderOf,
  staleAllowances,
} from '../../../scripts/lib/folder-graph.mjs';

/** A cruise result's modules: each file with the files it imports. */
const modules = (imports: Record<string, string[]>) =>
  Object.entries(imports).map(([source, targets]) => ({
    source,
    dependencies: targets.map((resolved) => ({ resolved })),
  }));

describe('the folder graph of lib/ (npm run graph)', () => {
  it('counts a file directly in lib/ as a folder of its own, and ignores everything outside lib/', () => {
    expect(folderOf('lib/orders/create-order.ts')).toBe('lib/orders');
    expect(folderOf('lib/payments/netopia/status.ts')).toBe('lib/payments');
    expect(folderOf('lib/company.ts')).toBe('lib/company.ts');
    expect(folderOf('components/admin/admin-app.tsx')).toBeNull();
    expect(folderOf('node_modules/zod/index.js')).toBeNull();
  });

  it('keeps the imports between folders, one line per file pair, not those inside a folder', () => {
    const edges = folderEdges(
      modules({
        'lib/orders/a.ts': [
          'lib/orders/b.ts',
          'lib/db/client.ts',
          'lib/db/client.ts',
          'node_modules/zod/index.js',
        ],
        'lib/orders/b.ts': ['lib/db/schema.ts'],
      }),
    );
    expect([...edges]).toEqual([
      [
        'lib/orders -> lib/db',
        ['lib/orders/a.ts -> lib/db/client.ts', 'lib/orders/b.ts -> lib/db/schema.ts'],
      ],
    ]);
  });

  const tangled = folderEdges(
    modules({
      'lib/orders/a.ts': ['lib/payments/p.ts', 'lib/db/client.ts'],
      'lib/payments/p.ts': ['lib/mail/m.ts', 'lib/orders/a.ts'],
      'lib/mail/m.ts': ['lib/orders/a.ts', 'lib/db/client.ts'],
      'lib/db/client.ts': [],
    }),
  );

  it('names every cycle of a tangle with the import that makes each step', () => {
    const [tangle, ...others] = folderCycles(tangled, []);
    expect(others).toEqual([]);
    expect(tangle!.folders).toEqual(['lib/mail', 'lib/orders', 'lib/payments']);
    expect(tangle!.cycles).toEqual([
      ['lib/orders', 'lib/payments', 'lib/orders'],
      ['lib/mail', 'lib/orders', 'lib/payments', 'lib/mail'],
    ]);
    expect(describeCycle(tangle!.cycles[0]!, tangled)).toBe(
      [
        '  lib/orders -> lib/payments -> lib/orders',
        '    lib/orders -> lib/payments: lib/orders/a.ts -> lib/payments/p.ts',
        '    lib/payments -> lib/orders: lib/payments/p.ts -> lib/orders/a.ts',
      ].join('\n'),
    );
  });

  it('holds once the allowed upward imports are set aside, and fails on one that is no longer needed', () => {
    const allowed = [
      { from: 'lib/payments', to: 'lib/orders' },
      { from: 'lib/mail', to: 'lib/orders' },
    ];
    expect(folderCycles(tangled, allowed)).toEqual([]);
    expect(staleAllowances(tangled, allowed)).toEqual([]);
    expect(staleAllowances(tangled, [...allowed, { from: 'lib/db', to: 'lib/orders' }])).toEqual([
      { from: 'lib/db', to: 'lib/orders', why: 'lib/db no longer imports lib/orders' },
    ]);
    expect(staleAllowances(tangled, [{ from: 'lib/orders', to: 'lib/db' }])).toEqual([
      { from: 'lib/orders', to: 'lib/db', why: 'lib/db no longer leads back to lib/orders' },
    ]);
  });

  it('says for each allowed upward import what removes it', () => {
    for (const allowance of ALLOWED_UPWARD_IMPORTS) {
      expect(allowance.from).toMatch(/^lib\//);
      expect(allowance.to).toMatch(/^lib\//);
      expect(allowance.until.length).toBeGreaterThan(20);
    }
  });
});
