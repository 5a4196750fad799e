import { Worker } from 'node:worker_threads';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** An encoding a page is compressed in as it is sent. */
export type PageEncoding = 'br' | 'gzip';

/**
 * Brotli at quality 0 with a 64 KB window (a page of ours fits): under 0.1 ms of CPU for the home
 * page, as quality 1 costs, and its output is smaller for our pages. gzip, for the few clients
 * without brotli, at level 1.
 */
const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 0, [zlib.BROTLI_PARAM_LGWIN]: 16 };
const GZIP_LEVEL = 1;

/** Compresses a page on the main thread: the worker's fallback. */
function compressPage(html: string, encoding: PageEncoding): Buffer {
  const bytes = Buffer.from(html);
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: GZIP_LEVEL });
}

/**
 * The worker: compressPage's two calls with the same settings (given as workerData), its answer
 * copied to an ArrayBuffer of its own so that handing it over never detaches a buffer Node pools.
 * Told to stop, it closes its port after the pages sent before, and so ends between two pages.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
parentPort.on('message', ({ id, html, encoding, stop }) => {
  if (stop) return parentPort.close();
  const bytes = Buffer.from(html);
  const compressed = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { ...workerData.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: workerData.gzipLevel });
  const body = new Uint8Array(compressed);
  parentPort.postMessage({ id, body }, [body.buffer]);
});
`;

/** After the worker failed, pages are compressed on the main thread for this long before a new one is started. */
const RESTART_AFTER_MS = 1000;

/** How long close() waits for the worker to finish its pages and stop before it is terminated. */
const STOP_WITHIN_MS = 5000;

interface Pending {
  resolve: (body: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * Compresses the pages rendered afresh (PAGE_CACHE=off, a query string the cache does not keep,
 * an error page) in a worker thread, off the event loop: UTF-8 encoding and brotli are a tenth of
 * such a request's cost, and the main thread, which renders, is the one that limits how many
 * pages a replica serves. Handing a page over costs the main thread a third of compressing it
 * there (libuv's thread pool, zlib's async API, costs more than compressing in place, for its
 * stream and callbacks). Past `maxInFlight` waiting pages, or while the worker is down, a page is
 * compressed on the main thread as before: a flood queues nothing and a crash loses no answer.
 */
export class PageCompressor {
  private worker?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private restartAt = 0;
  private closed = false;

  constructor(private readonly maxInFlight = 64) {}

  /** How many pages are in the worker now. */
  get inFlight(): number {
    return this.pending.size;
  }

  compress(html: string, encoding: PageEncoding): Promise<Buffer> {
    const worker = this.pending.size < this.maxInFlight ? this.running() : undefined;
    if (!worker) return Promise.resolve(compressPage(html, encoding));
    const id = this.nextId++;
    const inWorker = new Promise<Buffer>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    try {
      worker.postMessage({ id, html, encoding });
    } catch {
      this.pending.delete(id);
      return Promise.resolve(compressPage(html, encoding));
    }
    return inWorker.catch(() => compressPage(html, encoding));
  }

  /**
   * Ends the worker once it has answered the pages already in it. It is asked to stop rather than
   * terminated: Node 20 aborts the whole process when a worker is terminated between creating a
   * zlib stream and initialising it ("close before init"), so terminate() is kept for a worker
   * that does not stop in time. Pages it did not answer are compressed on the main thread.
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
    this.failAll(new Error('The page compressor was closed'));
  }

  private running(): Worker | undefined {
    if (this.worker || this.closed || Date.now() < this.restartAt) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { brotli: BROTLI_PARAMS, gzipLevel: GZIP_LEVEL },
      // A page is at most a few hundred KB: this is room for a handful at once, and a cap if something leaks.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
    // It never keeps the process alive: a server that closes ends it (close()), and so does an exit.
    worker.unref();
    worker.on('message', ({ id, body }: { id: number; body: Uint8Array }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      waiting?.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.restartAt = Date.now() + RESTART_AFTER_MS;
      this.failAll(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`The page compressor's worker exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}
