// Next's SWC transformer for Jest (next/jest), told to write an ES module whenever Jest loads the file as one. Next
// writes CommonJS unless the whole project is ESM; Jest 30 on Node 24.9 and newer loads a file that test code
// require()s as a real ES module when it is one (jose, ky and next-intl, the shop's own .mjs files), asking for ESM
// (`supportsStaticESM`), and CommonJS there fails with "exports is not defined". Where Jest loads CommonJS, nothing
// changes.
import path from 'node:path';
import nextTransformer from 'next/dist/build/swc/jest-transformer.js';

const transformer = {
  createTransformer(options) {
    const next = nextTransformer.createTransformer(options);
    return {
      process(source, filename, jestOptions) {
        if (!jestOptions.supportsStaticESM) return next.process(source, filename, jestOptions);
        // Next's own switch for "this file is ESM": its extension among those to treat as ESM.
        const config = { ...jestOptions.config, extensionsToTreatAsEsm: [path.extname(filename)] };
        return next.process(source, filename, { ...jestOptions, config });
      },
    };
  },
};

export default transformer;
