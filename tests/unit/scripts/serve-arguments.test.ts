import fs from 'node:fs';
// @ts-expect-error plain ESM helper shared with npm start and npm test
import { SERVE_ARGUMENTS } from '../../../scripts/lib/project.mjs';

describe('the servers keep idle connections longer than the proxy in front', () => {
  it('runs `npm run serve` with the options `npm start` uses', () => {
    const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.serve).toBe(['next start', ...(SERVE_ARGUMENTS as string[])].join(' '));
  });

  it('keeps them longer than the documented nginx site keeps its own', () => {
    const site = fs.readFileSync('docs/deploy/nginx-site.conf', 'utf8');
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(site)?.[1]);
    const serverMs = Number((SERVE_ARGUMENTS as string[])[SERVE_ARGUMENTS.indexOf('--keepAliveTimeout') + 1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(serverMs).toBeGreaterThan(nginxSeconds * 1000 * 10);
  });
});
