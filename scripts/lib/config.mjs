// Lets `npm start` check the configuration with the server's own schema (lib/config/env.ts) before it builds or
// starts anything: the module is transpiled with the project's TypeScript into node_modules/.cache and imported.
import { createHash } from 'node:crypto';
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
  // Named by its content and written whole under another name first: two servers starting at once (scaled out on one
  // machine) each import a complete module, never one the other is halfway through writing.
  const digest = createHash('sha256').update(outputText).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `env-${digest}.mjs`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, outputText);
    fs.renameSync(partial, file);
  }
  return import(pathToFileURL(file).href);
}
