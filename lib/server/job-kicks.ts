import 'server-only';

import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { isJobName, kick, type JobName } from './jobs';

/**
 * How a server that runs no jobs (JOBS=off) kicks the servers that do: the kick its code makes after a change (a
 * payment applied kicks `fulfilment`) becomes a notification on this PostgreSQL channel, and every server that runs the
 * jobs listens (on the catalog listener's connection, lib/startup/workers.ts) and kicks its own job. A kick lost (no
 * listener connected at that moment) only waits for the job's timer.
 */
export const JOB_KICK_CHANNEL = 'job_kick';

/** Tells the servers that run the jobs to run `name` now; call it after the change committed. */
export async function announceKick(db: Db, name: JobName) {
  await db.execute(sql`select pg_notify(${JOB_KICK_CHANNEL}, ${name})`);
}

/** A kick heard on the channel: the job, if this process runs it (an unknown name is ignored). */
export function kickFromNotification(payload: string) {
  if (isJobName(payload)) kick(payload);
}

/**
 * Sends kicks through `send`, at most one in flight per job: a kick that comes while one is being sent is sent once
 * more after it (never dropped: it may be for work committed after the first was sent), and any number of kicks in
 * that time make that one.
 */
export function coalescedKicks(send: (name: JobName) => Promise<unknown>): (name: JobName) => void {
  const state = new Map<JobName, 'sending' | 'again'>();
  const go = (name: JobName) => {
    state.set(name, 'sending');
    void send(name)
      .catch(() => undefined)
      .finally(() => {
        if (state.get(name) === 'again') go(name);
        else state.delete(name);
      });
  };
  return (name) => {
    if (state.has(name)) state.set(name, 'again');
    else go(name);
  };
}
