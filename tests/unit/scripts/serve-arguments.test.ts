import fs from 'node:fs';
// @ts-expect-error plain ESM helper shared with npm start and npm test
import { SERVE_ARGUMENTS } from '../../../scripts/lib/project.mjs';

const serveArguments = SERVE_ARGUMENTS as string[];

describe('the servers keep idle connections longer than the proxy in front', () => {
  it('reads `next start`’s options from `npm run serve`, and `npm start` passes them too', () => {
    const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.serve).toBe(['next start', ...serveArguments].join(' '));
    expect(fs.readFileSync('scripts/start.mjs', 'utf8')).toContain('...SERVE_ARGUMENTS');
  });

  it('keeps them far longer than the documented nginx site keeps its own', () => {
    const site = fs.readFileSync('docs/deploy/nginx-site.conf', 'utf8');
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(site)?.[1]);
    const serverMs = Number(serveArguments[serveArguments.indexOf('--keepAliveTimeout') + 1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(serverMs).toBeGreaterThan(nginxSeconds * 1000 * 10);
  });
});
