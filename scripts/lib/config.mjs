// Lets `npm start` check the configuration with the server's own schema (lib/config/env.ts) before it builds or
// starts anything: the module is transpiled with the project's TypeScript into node_modules/.cache and imported.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './project.mjs';

export async function loadConfigSchema() {
  const { default: ts } = await import('typescript');
  const source = fs.readFileSync(path.join(root, 'lib', 'config', 'env.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const cacheDir = path.join(root, 'node_modules', '.cache', 'road-partners');
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, 'env.mjs');
  fs.writeFileSync(file, outputText);
  return import(`${pathToFileURL(file).href}?v=${Date.now()}`);
}
