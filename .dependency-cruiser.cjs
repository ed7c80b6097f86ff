// The module graph's rules, read by dependency-cruiser (`npx depcruise lib`) and by `npm run graph`
// (scripts/folder-graph.mjs), which `npm test` runs. dependency-cruiser resolves the `@/` alias of tsconfig.json and
// sees type-only imports, which an ESLint import rule does not do well; a type imported across folders ties them as
// much as a value does. The rule it cannot say in this file, "lib/'s folders form a one-way graph", is checked by
// scripts/folder-graph.mjs on this same cruise: the layers are in docs/architecture.md ("Layers"), and the imports
// that still go up, each with what removes it, are listed in scripts/lib/folder-graph.mjs (ALLOWED_UPWARD_IMPORTS).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'lib-imports-no-page-code',
      comment:
        'lib/ must not import components/ or app/: move what both need into lib/ ' +
        '(the ESLint rule no-restricted-imports says the same of value imports).',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(app|components)/' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^(app|components|pages)/'] },
    exclude: { path: ['^\\.next/', '^data/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
  },
};
