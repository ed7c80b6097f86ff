import 'server-only';

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { InvoiceDocument } from '@/lib/db/document-snapshots';
import { logger } from '@/lib/log/logger';
import { renderInvoicePdf } from './invoice-pdf';
import type { PdfAnswer, PdfRequest } from './pdf-worker';

// Invoices and credit notes are rendered in a worker thread of their own (pdf-worker.ts), off the thread that answers
// requests: pdfkit's text layout takes milliseconds of CPU per document, which every request queued behind it waited
// for (docs/decisions/0027-invoice-pdf-worker-thread.md). One thread: the documents are rendered one after another,
// each in a few milliseconds, and the server keeps its other core. A thread that cannot start (an install without
// tsx, an output without the sources) costs nothing but speed: the documents are rendered here, and the log says so
// once.

interface Pending {
  document: InvoiceDocument;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
/** Set once a thread failed before answering anything: this process renders in its own thread from then on. */
let unavailable = false;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * The thread's entry is the TypeScript source beside this module, found as invoice-fonts.ts finds its fonts: Next
 * bundles this module, and its import.meta.url is the module's place in the project. Turbopack (Next 16.4) has no
 * dependable way to bundle a worker thread (a `new URL(…, import.meta.url)` it copies as a bare file; a computed path
 * it bundles under a key the path does not match at run time), so the thread compiles the renderer itself with tsx, as
 * `npm run bench` and the scripts run TypeScript, under the server condition that `server-only` needs; the server's
 * own flags (--cpu-prof) carry over.
 */
const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pdf-worker.ts');

function workerOptions(): WorkerOptions {
  const flags = [...process.execArgv];
  if (!flags.some((flag) => flag.includes('react-server'))) flags.push('--conditions=react-server');
  if (!flags.some((flag) => flag.includes('tsx'))) flags.push('--import', 'tsx');
  return { execArgv: flags };
}

function inThisThread({ document, resolve, reject }: Pending) {
  renderInvoicePdf(document).then(resolve, reject);
}

function revive({ name, message, stack }: { name: string; message: string; stack?: string }): Error {
  const error =
    name === 'RangeError'
      ? new RangeError(message)
      : name === 'TypeError'
        ? new TypeError(message)
        : new Error(message);
  if (stack) error.stack = stack;
  return error;
}

function startWorker(): Worker | undefined {
  if (unavailable) return undefined;
  if (worker) return worker;
  let answered = false;
  let started: Worker;
  try {
    // Not `new Worker(…)`, which Turbopack rewrites to a bundle of its own looked up by a key the path never equals.
    started = Reflect.construct(Worker, [WORKER_ENTRY, workerOptions()]) as Worker;
  } catch (error) {
    unavailable = true;
    logger.warn(
      { err: error },
      'the invoice PDF thread cannot start: documents are rendered in the request thread',
    );
    return undefined;
  }
  started.on('message', (answer: PdfAnswer) => {
    answered = true;
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ('error' in answer) job.reject(revive(answer.error));
    else job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    if (!pending.size) started.unref();
  });
  started.on('error', (error) => {
    if (!answered) {
      unavailable = true;
      logger.warn(
        { err: error },
        'the invoice PDF thread cannot start: documents are rendered in the request thread',
      );
    } else
      logger.error(
        { err: error },
        'the invoice PDF thread failed: its documents are rendered in the request thread',
      );
  });
  // Whatever ended the thread, no document is lost: those it had not answered are rendered here.
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    const orphans = [...pending.values()];
    pending.clear();
    orphans.forEach(inThisThread);
  });
  started.unref();
  worker = started;
  return started;
}

/**
 * Renders the invoice or the credit note as `renderInvoicePdf` does, the same bytes, in the PDF thread; in this
 * thread when that thread cannot run.
 */
export function renderInvoicePdfOffThread(document: InvoiceDocument): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const thread = startWorker();
    if (!thread) {
      inThisThread({ document, resolve, reject });
      return;
    }
    const id = nextId++;
    pending.set(id, { document, resolve, reject });
    // A thread with work keeps the process alive until it answers; an idle one does not.
    thread.ref();
    thread.postMessage({ id, document } satisfies PdfRequest);
  });
}

/** Ends the thread (tests; a process that must exit at once): unanswered documents are rendered here. */
export async function stopPdfThread(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}

/** Whether documents are rendered in this thread for the rest of the process (the PDF thread could not start). */
export const pdfThreadUnavailable = () => unavailable;
