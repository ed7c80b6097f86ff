/** Next.js calls this once per server process, before it serves requests. */
export async function register() {
  // The build also loads this file; only a running Node server opens the database.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ stampPeerAddresses }, { startServer }] = await Promise.all([
    import('./lib/server/peer-address'),
    import('./lib/server/startup'),
  ]);
  stampPeerAddresses();
  await startServer();
}
