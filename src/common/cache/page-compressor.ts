import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

import { WorkerLane } from '../workers/worker-lane';

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
 * The worker's work: compressPage's two calls with the same settings (given as workerData), its
 * answer copied to an ArrayBuffer of its own so that handing it over never detaches a buffer Node
 * pools.
 */
const WORKER_SETUP = `
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
function work({ html, encoding }) {
  const bytes = Buffer.from(html);
  const compressed = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { ...workerData.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: workerData.gzipLevel });
  const body = new Uint8Array(compressed);
  return { output: body, transfer: [body.buffer] };
}
`;

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
  private readonly lane: WorkerLane<{ html: string; encoding: PageEncoding }, Buffer>;

  constructor(maxInFlight = 64) {
    this.lane = new WorkerLane({
      name: 'The page compressor',
      setup: WORKER_SETUP,
      workerData: { brotli: BROTLI_PARAMS, gzipLevel: GZIP_LEVEL },
      // A page is at most a few hundred KB: this is room for a handful at once, and a cap if something leaks.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
      maxInFlight,
      inPlace: ({ html, encoding }) => compressPage(html, encoding),
      received: (body) => Buffer.from((body as Uint8Array).buffer, (body as Uint8Array).byteOffset, (body as Uint8Array).byteLength),
    });
  }

  /** How many pages are in the worker now. */
  get inFlight(): number {
    return this.lane.inFlight;
  }

  compress(html: string, encoding: PageEncoding): Promise<Buffer> {
    return this.lane.run({ html, encoding });
  }

  /** Ends the worker once it has answered the pages already in it; later pages are compressed here. */
  close(): Promise<void> {
    return this.lane.close();
  }
}
