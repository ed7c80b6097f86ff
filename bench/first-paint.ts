/**
 * One page load's first paint and what ran before it, read from the load's Chrome trace events (bench/first-paint-trace.ts):
 * the renderer's main thread as wall time and as its own CPU time, and the CPU its worker threads spent compiling
 * scripts (V8's script streaming).
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface Load {
  fcpMs: number;
  mainWallMs: number;
  mainCpuMs: number;
  backgroundCompileMs: number;
}

const STREAMING_TASK = 'BackgroundJSStreamManager::RunScriptStreamingTask';
const MAIN_TASK = 'ThreadControllerImpl::RunTask';

const sumMs = (events: TraceEvent[], field: 'dur' | 'tdur') =>
  Math.round(events.reduce((sum, event) => sum + (event[field] ?? 0), 0) / 1000);

/** The first paint of one load and what ran before it, read from the load's trace events. */
export function firstPaintOf(events: TraceEvent[]): Load {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('The trace has no first contentful paint');
  const inRenderer = events.filter((event) => event.pid === fcp.pid);
  // The page's own navigation: the renderer may have started another before it (the new tab's blank page).
  const navigation = inRenderer
    .filter((event) => event.name === 'navigationStart' && event.ts <= fcp.ts)
    .at(-1);
  const mainThread = inRenderer.find(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!navigation || !mainThread) throw new Error("The trace lacks the renderer's navigation or main thread");
  const before = inRenderer.filter(
    (event) => event.ph === 'X' && event.ts >= navigation.ts && event.ts < fcp.ts,
  );
  const mainTasks = before.filter((event) => event.tid === mainThread.tid && event.name === MAIN_TASK);
  return {
    fcpMs: Math.round((fcp.ts - navigation.ts) / 1000),
    mainWallMs: sumMs(mainTasks, 'dur'),
    mainCpuMs: sumMs(mainTasks, 'tdur'),
    backgroundCompileMs: sumMs(
      before.filter((event) => event.name === STREAMING_TASK),
      'tdur',
    ),
  };
}
