import fs from 'node:fs';
import path from 'node:path';

export const HANDLER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface RouteFile {
  /** The address, with Next's segments as in the folder names: `/api/orders/[orderId]`, `/assets/i18n/[file]`. */
  route: string;
  /** The methods the file exports. */
  methods: string[];
}

/** Every route handler (route.ts) under a folder of app/, read from the files themselves: a new route is found too. */
export function routeFiles(under = 'api', root = process.cwd()): RouteFile[] {
  const appDir = path.join(root, 'app');
  const walk = (dir: string): RouteFile[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      if (entry.name !== 'route.ts') return [];
      const source = fs.readFileSync(full, 'utf8');
      const methods = HANDLER_METHODS.filter((method) =>
        new RegExp(`export (const|async function|function) ${method}\\b|as ${method}\\b`).test(source),
      );
      return [{ route: `/${path.relative(appDir, dir).split(path.sep).join('/')}`, methods }];
    });
  return walk(path.join(appDir, under));
}
