/**
 * One page load's first paint and what ran before it, read from the load's Chrome trace events (bench/first-paint-trace.ts):
 * the renderer's main thread as wall time and as its own CPU time (also by kind of work: the shop's own cost beside bare
 * Next's, which the machine's load moves little), and the CPU its worker threads spent compiling scripts (V8's script
 * streaming).
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

/** What the main thread's CPU before the paint was spent on (each event's own time, without its children's). */
export const WORK_KINDS = ['layout', 'style', 'parseHtml', 'parseCss', 'paint', 'script', 'other'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export interface Load {
  fcpMs: number;
  mainWallMs: number;
  mainCpuMs: number;
  backgroundCompileMs: number;
  mainCpuByKindMs: Record<WorkKind, number>;
}

const STREAMING_TASK = 'BackgroundJSStreamManager::RunScriptStreamingTask';
const MAIN_TASK = 'ThreadControllerImpl::RunTask';

/** Chromium's trace event names by kind of work; any other name is `other` (the task loop's own time among them). */
const KIND_OF: Record<string, WorkKind> = {
  Layout: 'layout',
  UpdateLayoutTree: 'style',
  ParseHTML: 'parseHtml',
  ParseAuthorStyleSheet: 'parseCss',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.run': 'script',
  'v8.compile': 'script',
  'v8.parseOnBackground': 'script',
  'V8.DeserializeContext': 'script',
};

/** Each event's CPU without that of the events nested in it (on one thread, a nested event lies inside its parent). */
function ownCpuByKind(events: TraceEvent[]): Record<WorkKind, number> {
  const byKind = Object.fromEntries(WORK_KINDS.map((kind) => [kind, 0])) as Record<WorkKind, number>;
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const open: TraceEvent[] = [];
  const own = new Map<TraceEvent, number>();
  for (const event of sorted) {
    while (open.length && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) own.set(parent, own.get(parent)! - (event.tdur ?? 0));
    own.set(event, event.tdur ?? 0);
    open.push(event);
  }
  for (const [event, cpu] of own) byKind[KIND_OF[event.name] ?? 'other'] += cpu;
  for (const kind of WORK_KINDS) byKind[kind] = Math.round(byKind[kind] / 1000);
  return byKind;
}

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
  const onMainThread = before.filter((event) => event.tid === mainThread.tid);
  const mainTasks = onMainThread.filter((event) => event.name === MAIN_TASK);
  return {
    fcpMs: Math.round((fcp.ts - navigation.ts) / 1000),
    mainWallMs: sumMs(mainTasks, 'dur'),
    mainCpuMs: sumMs(mainTasks, 'tdur'),
    backgroundCompileMs: sumMs(
      before.filter((event) => event.name === STREAMING_TASK),
      'tdur',
    ),
    // Only what ran inside the main thread's tasks: the same CPU as mainCpuMs, by kind.
    mainCpuByKindMs: ownCpuByKind(
      onMainThread.filter((event) =>
        mainTasks.some((task) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0)),
      ),
    ),
  };
}
