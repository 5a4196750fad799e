import { Worker, type ResourceLimits } from 'node:worker_threads';

import { Logger } from '@nestjs/common';

/** Bytes a worker handed over (a Uint8Array, its ArrayBuffer transferred) as a Buffer over the same memory, not a copy. */
export const receivedBytes = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** After the worker failed, work is done on the main thread for this long before a new one is started. */
const RESTART_AFTER_MS = 1000;

/** How long close() waits for the worker to finish its work and stop before it is terminated. */
const STOP_WITHIN_MS = 5000;

/**
 * The loop every lane's worker runs around its own `work(input)`, which answers `{ output,
 * transfer }` or a promise of them. A piece it could not do is answered with its error. A message
 * without input is not one of ours: the worker dies of it, and the lane does its work here. Told
 * to stop, the worker closes its port once the work sent before is answered, and so ends between
 * two pieces of work.
 */
const workerLoop = (setup: string): string => `
const { parentPort, workerData } = require('node:worker_threads');
${setup}
let working = 0;
let stopping = false;
parentPort.on('message', (message) => {
  if (message.stop) {
    stopping = true;
    if (!working) parentPort.close();
    return;
  }
  if (!('input' in message)) throw new Error('A message without input');
  working++;
  const failed = (error) => parentPort.postMessage({ id: message.id, error: String((error && error.stack) || error) });
  Promise.resolve()
    .then(() => work(message.input))
    .then((answer) => parentPort.postMessage({ id: message.id, output: answer.output }, answer.transfer || []), failed)
    .catch(failed)
    .finally(() => {
      working--;
      if (stopping && !working) parentPort.close();
    });
});
`;

export interface WorkerLaneOptions<In, Out> {
  /** For errors: "the page compressor". */
  name: string;
  /** Script that defines `work(input)`, answering `{ output, transfer? }` or a promise of them; it sees `workerData`. */
  setup: string;
  workerData?: unknown;
  /**
   * The worker's heap caps. A low old-generation cap costs time, not only room: V8 keeps such a
   * heap small, and a worker that allocates much per piece of work (the page renderer) then
   * collects after nearly every piece (see RENDER_HEAP_MB in ssr.service.ts).
   */
  resourceLimits?: ResourceLimits;
  /** Past this many pieces of work waiting in the worker, the next is done here. */
  maxInFlight: number;
  /** The same work on the calling thread: when the worker is full, down or answers an error. */
  inPlace: (input: In) => Out | Promise<Out>;
  /** The worker's answer as the caller takes it (bytes back into a Buffer, say). */
  received?: (output: unknown) => Out;
}

interface Pending<Out> {
  resolve: (output: Out) => void;
  reject: (error: Error) => void;
}

/**
 * One worker thread that takes a kind of work off the event loop (compressing a page, rendering
 * one), with the same work on the calling thread as its fallback: past `maxInFlight` waiting
 * pieces, while the worker is down, or when it could not do one, the work is done here. A flood
 * queues nothing, and a crash loses no answer.
 */
export class WorkerLane<In, Out> {
  private readonly logger = new Logger(WorkerLane.name);
  private worker?: Worker;
  private readonly pending = new Map<number, Pending<Out>>();
  private nextId = 0;
  private restartAt = 0;
  private closed = false;

  constructor(private readonly options: WorkerLaneOptions<In, Out>) {}

  /** How many pieces of work are in the worker now. */
  get inFlight(): number {
    return this.pending.size;
  }

  run(input: In): Promise<Out> {
    const worker = this.pending.size < this.options.maxInFlight ? this.running() : undefined;
    if (!worker) return this.here(input);
    const id = this.nextId++;
    const inWorker = new Promise<Out>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    try {
      worker.postMessage({ id, input });
    } catch {
      // Not cloneable, or the port is closing: nothing was handed over.
      this.pending.delete(id);
      return this.here(input);
    }
    return inWorker.catch(() => this.here(input));
  }

  /**
   * Ends the worker once it has answered the work already in it. It is asked to stop rather than
   * terminated: Node 20 aborts the whole process when a worker is terminated between creating a
   * zlib stream and initialising it ("close before init"), so terminate() is kept for a worker
   * that does not stop in time. Work it did not answer is done on the main thread.
   */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      // True once it has exited; false when it has not within STOP_WITHIN_MS.
      const stopped = new Promise<boolean>((resolve) => {
        const overdue = setTimeout(() => resolve(false), STOP_WITHIN_MS).unref();
        worker.once('exit', () => {
          clearTimeout(overdue);
          resolve(true);
        });
      });
      let asked = true;
      try {
        worker.postMessage({ stop: true });
      } catch {
        asked = false;
      }
      if (!asked || !(await stopped)) await worker.terminate();
    }
    this.failAll(new Error(`${this.options.name} was closed`));
  }

  private async here(input: In): Promise<Out> {
    return this.options.inPlace(input);
  }

  private running(): Worker | undefined {
    if (this.worker || this.closed || Date.now() < this.restartAt) return this.worker;
    const worker = new Worker(workerLoop(this.options.setup), { eval: true, workerData: this.options.workerData, resourceLimits: this.options.resourceLimits });
    // It never keeps the process alive: a server that closes ends it (close()), and so does an exit.
    worker.unref();
    const received = this.options.received ?? ((output: unknown) => output as Out);
    worker.on('message', ({ id, output, error }: { id: number; output?: unknown; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(received(output));
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.restartAt = Date.now() + RESTART_AFTER_MS;
      this.logger.warn(`${this.options.name}'s worker failed (${error.message}); its work is done on the main thread until a new one starts`);
      this.failAll(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`${this.options.name}'s worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}
