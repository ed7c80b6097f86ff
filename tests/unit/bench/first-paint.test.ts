import { firstPaintOf, type TraceEvent, type WorkKind } from '../../../bench/first-paint';

const RENDERER = 7;
const MAIN = 1;
const WORKER = 2;
const ms = (value: number) => value * 1000;
const task = (
  tid: number,
  name: string,
  at: number,
  wall: number,
  cpu: number,
  pid = RENDERER,
): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid,
  ts: ms(at),
  dur: ms(wall),
  tdur: ms(cpu),
});

const byKind = (ms: Partial<Record<WorkKind, number>>): Record<WorkKind, number> => ({
  layout: 0,
  style: 0,
  parseHtml: 0,
  parseCss: 0,
  paint: 0,
  script: 0,
  other: 0,
  ...ms,
});

/** A load painted 500 ms after its navigation, as the trace helper below has it. */
const paintedAt500 = (
  mainWallMs: number,
  mainCpuMs: number,
  backgroundCompileMs: number,
  kinds: Partial<Record<WorkKind, number>>,
) => ({ fcpMs: 500, mainWallMs, mainCpuMs, backgroundCompileMs, mainCpuByKindMs: byKind(kinds) });

const trace = (...events: TraceEvent[]): TraceEvent[] => [
  { name: 'thread_name', ph: 'M', pid: RENDERER, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  {
    name: 'thread_name',
    ph: 'M',
    pid: RENDERER,
    tid: WORKER,
    ts: 0,
    args: { name: 'ThreadPoolForegroundWorker' },
  },
  { name: 'navigationStart', ph: 'R', pid: RENDERER, tid: MAIN, ts: ms(100) },
  { name: 'firstContentfulPaint', ph: 'R', pid: RENDERER, tid: MAIN, ts: ms(600) },
  ...events,
];

describe('what a first paint waited for', () => {
  it("splits the main thread's tasks before the paint into wall time and its own CPU, beside the background compile", () => {
    const load = firstPaintOf(
      trace(
        task(MAIN, 'ThreadControllerImpl::RunTask', 150, 40, 30),
        // The first layout: 15 ms of work, 200 ms waiting for a core while the scripts compile beside it.
        task(MAIN, 'ThreadControllerImpl::RunTask', 300, 215, 15),
        task(WORKER, 'BackgroundJSStreamManager::RunScriptStreamingTask', 290, 220, 170),
        task(WORKER, 'BackgroundJSStreamManager::RunScriptStreamingTask', 520, 30, 25),
      ),
    );

    expect(load).toEqual(paintedAt500(255, 45, 195, { other: 45 }));
  });

  it('counts nothing from after the paint, before the navigation, or from another process', () => {
    const load = firstPaintOf(
      trace(
        task(MAIN, 'ThreadControllerImpl::RunTask', 50, 30, 30),
        task(MAIN, 'ThreadControllerImpl::RunTask', 200, 10, 8),
        task(MAIN, 'ThreadControllerImpl::RunTask', 650, 100, 100),
        task(WORKER, 'BackgroundJSStreamManager::RunScriptStreamingTask', 700, 50, 50),
        task(MAIN, 'ThreadControllerImpl::RunTask', 200, 90, 90, RENDERER + 1),
      ),
    );

    expect(load).toEqual(paintedAt500(10, 8, 0, { other: 8 }));
  });

  it("times the paint from the page's own navigation, not the blank page's before it", () => {
    const load = firstPaintOf([
      { name: 'navigationStart', ph: 'R', pid: RENDERER, tid: MAIN, ts: ms(20) },
      ...trace(task(MAIN, 'ThreadControllerImpl::RunTask', 50, 30, 30)),
    ]);

    expect(load).toEqual(paintedAt500(0, 0, 0, {}));
  });

  it("splits the main thread's CPU by kind of work, each event's own time without what ran inside it", () => {
    const load = firstPaintOf(
      trace(
        // A task that parses the HTML, which runs an inline script, then lays out and paints.
        task(MAIN, 'ThreadControllerImpl::RunTask', 200, 100, 60),
        task(MAIN, 'ParseHTML', 201, 40, 25),
        task(MAIN, 'v8.run', 210, 10, 6),
        task(MAIN, 'UpdateLayoutTree', 245, 10, 8),
        task(MAIN, 'Layout', 256, 30, 15),
        task(MAIN, 'Paint', 290, 5, 4),
        // Outside any task of the main thread: not counted.
        task(MAIN, 'Layout', 400, 5, 5),
      ),
    );

    expect(load.mainCpuMs).toBe(60);
    expect(load.mainCpuByKindMs).toEqual(
      byKind({ parseHtml: 19, script: 6, style: 8, layout: 15, paint: 4, other: 8 }),
    );
  });

  it('says what the trace lacks instead of measuring nothing', () => {
    expect(() => firstPaintOf(trace().filter((event) => event.name !== 'firstContentfulPaint'))).toThrow(
      /no first contentful paint/,
    );
    expect(() => firstPaintOf(trace().filter((event) => event.name !== 'thread_name'))).toThrow(
      /navigation or main thread/,
    );
  });
});
