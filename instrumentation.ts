/** Next.js calls this once per server process, before it serves requests. */
export async function register() {
  // The build also loads this file; only a running Node server opens the database.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const [{ hookIncomingRequests }, { startServer }] = await Promise.all([
    import('./lib/server/incoming-requests'),
    import('./lib/startup/startup'),
  ]);
  hookIncomingRequests();
  await startServer();
}
