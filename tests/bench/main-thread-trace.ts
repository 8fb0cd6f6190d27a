/*
 * Where a page's main thread spent a start (the offline reload): a Chromium trace of
 * one reload, its renderer main thread's tasks from navigation start to a given time, each task's
 * time split by what ran in it (the self time of each trace event, counted under the nearest event
 * with a known kind), and the rest of the span idle: waiting for the worker, IndexedDB or a timer.
 */

/** What `browser.startTracing` records: the tasks, the script and rendering inside them, the page's marks. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'IndexedDB'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { startTime?: number } };
}

const KINDS: [string, (name: string) => boolean][] = [
  ['script: compile and evaluate modules', (n) => /^(v8\.evaluateModule|EvaluateScript|v8\.compile|V8\.Compile|V8\.Parse|V8\.PreParse|CompileScript|v8\.produceModuleCache)/.test(n)],
  ['garbage collection', (n) => /^(MinorGC|MajorGC|V8\.GC)/.test(n)],
  // V8's own work while a script runs (tier-up compiles, interrupts) counts with the script.
  ['script: run (React, callbacks, promises)', (n) => /^(FunctionCall|RunMicrotasks|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|MessagePort::Accept)$|^[vV]8\./.test(n)],
  ['IndexedDB events', (n) => n.startsWith('IDB')],
  ['style and layout', (n) => /^(UpdateLayoutTree|Layout|RecalculateStyles|HitTest|PrePaint|LocalFrameView::UpdateStyleAndLayout|Document::updateStyle)$/.test(n)],
  ['paint and commit', (n) => /^(Paint|Commit|Layerize|UpdateLayer|PaintImage|RasterTask)$/.test(n)],
  ['HTML and document', (n) => /^(ParseHTML|DocumentLoader::|HTMLDocumentParser::|Frame::Detach)/.test(n)],
  ['messages from the browser (navigation, IPC)', (n) => /mojo/.test(n)],
];

function kindOf(name: string): string | null {
  return KINDS.find(([, matches]) => matches(name))?.[0] ?? null;
}

const TASK = /^(RunTask|ThreadControllerImpl::RunTask)$/;

/**
 * The main thread's time from navigation start to `untilMs` (page time, performance.now()) by
 * kind, in ms, with 'idle' for the span no task covered. The page must have set the user-timing
 * mark `anchorMark` (its startTime ties the trace's clock to the page's).
 */
export function mainThreadBreakdown(trace: Buffer | string, anchorMark: string, untilMs: number): Record<string, number> {
  const parsed = JSON.parse(trace.toString()) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const anchor = events.find((event) => event.name === anchorMark && event.args?.data?.startTime !== undefined);
  if (!anchor) return {};
  const origin = anchor.ts / 1000 - (anchor.args?.data?.startTime ?? 0);
  const at = (ts: number) => ts / 1000 - origin;
  const clip = (start: number, end: number) => Math.max(0, Math.min(end, untilMs) - Math.max(start, 0));
  const spans = events
    .filter((event) => event.pid === anchor.pid && event.tid === anchor.tid && event.ph === 'X' && event.dur !== undefined)
    .map((event) => ({ name: event.name, start: at(event.ts), end: at(event.ts + (event.dur ?? 0)) }))
    .filter((span) => span.end > 0 && span.start < untilMs)
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const totals: Record<string, number> = {};
  const add = (kind: string, ms: number) => {
    if (ms > 0) totals[kind] = (totals[kind] ?? 0) + ms;
  };
  // Nesting by time: each span's self time (its length less its children's) goes to its own kind or its nearest known ancestor's.
  const stack: { end: number; kind: string | null; childTime: number; start: number }[] = [];
  const close = (upTo: number) => {
    while (stack.length > 0 && stack[stack.length - 1].end <= upTo) {
      const done = stack.pop()!;
      const own = clip(done.start, done.end) - done.childTime;
      add(done.kind ?? 'tasks, untraced work', own);
      if (stack.length > 0) stack[stack.length - 1].childTime += clip(done.start, done.end);
    }
  };
  let busy = 0;
  for (const span of spans) {
    close(span.start);
    const parent = stack[stack.length - 1];
    if (!parent && TASK.test(span.name)) busy += clip(span.start, span.end);
    if (!parent && !TASK.test(span.name)) continue;
    stack.push({ start: span.start, end: span.end, kind: kindOf(span.name) ?? parent?.kind ?? null, childTime: 0 });
  }
  close(Infinity);
  totals['idle (waiting: worker, IndexedDB, timers)'] = Math.max(0, untilMs - busy);
  return totals;
}
