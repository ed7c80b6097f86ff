import fs from 'node:fs';
import path from 'node:path';
import { NODE_LINE, supportedNodeFolder } from '../../../scripts/lib/node-runtime.mjs';

const packageJson = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('the Node line the shop runs on', () => {
  it('is the one .nvmrc names, and package.json’s engines and @types/node name the same', () => {
    expect(NODE_LINE).toBeGreaterThanOrEqual(24);
    expect(packageJson.engines.node).toBe(`>=${NODE_LINE}`);
    expect(packageJson.devDependencies['@types/node']).toMatch(new RegExp(`^${NODE_LINE}\\.\\d+\\.\\d+$`));
  });

  it('is the line these tests run on, so the folder of a supported node is this one’s', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(NODE_LINE);
    expect(supportedNodeFolder()).toBe(path.dirname(process.execPath));
  });

  it('is what CI and the project’s own commands run on, on an older machine too', () => {
    const ciRun = fs.readFileSync('.ci/run', 'utf8');
    expect(ciRun).toContain('node_folder="$(node scripts/supported-node.mjs)"');
    expect(ciRun).toContain('export PATH="$node_folder:$PATH"');
    for (const script of ['start', 'test', 'setup', 'build']) {
      expect(fs.readFileSync(`scripts/${script}.mjs`, 'utf8')).toContain('await runOnSupportedNode();');
    }
  });
});
