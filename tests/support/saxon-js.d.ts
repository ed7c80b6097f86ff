// SaxonJS ships CommonJS without types: its transform, synchronous, is all the CIUS-RO harness (cius-ro.ts) needs.
declare module 'saxon-js' {
  const SaxonJS: {
    transform(
      options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
      mode: 'sync',
    ): { principalResult: string };
  };
  export default SaxonJS;
}
