import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';

import { receivedBytes, WorkerLane } from '../workers/worker-lane';

/** An encoding a page is compressed in as it is sent. */
export type PageEncoding = 'br' | 'gzip';

/** An answer to keep, in both encodings. */
export interface KeptEncodings {
  br: Buffer;
  gzip: Buffer;
}

/**
 * Brotli at quality 0 with a 64 KB window (a page of ours fits): under 0.1 ms of CPU for the home
 * page, as quality 1 costs, and its output is smaller for our pages. gzip, for the few clients
 * without brotli, at level 1.
 */
const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 0, [zlib.BROTLI_PARAM_LGWIN]: 16 };
const GZIP_LEVEL = 1;

/**
 * Brotli's window: 2^18 bytes, more than any page or answer of ours. The default (2^22) has each
 * compression allocate megabytes, which the allocator keeps long after.
 */
export const BROTLI_WINDOW_BITS = 18;
/**
 * An answer kept in the cache is compressed once and sent many times: brotli at quality 5 and
 * gzip at level 6, a few milliseconds for a page (quality 11 costs some 200 ms of CPU for one,
 * and the visitor whose request missed would wait for it).
 */
const KEPT_BROTLI_PARAMS = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS };
const KEPT_GZIP_LEVEL = 6;

/** Compresses a page on the main thread: the worker's fallback. */
function compressPage(html: string, encoding: PageEncoding): Buffer {
  const bytes = Buffer.from(html);
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { ...BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: GZIP_LEVEL });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses an answer to keep in libuv's thread pool: the worker's fallback. */
async function compressToKeep(bytes: Buffer): Promise<KeptEncodings> {
  const [br, gzipped] = await Promise.all([
    brotliAsync(bytes, { params: { ...KEPT_BROTLI_PARAMS, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: KEPT_GZIP_LEVEL }),
  ]);
  return { br, gzip: gzipped };
}

/**
 * The worker's work: compressPage's two calls, or compressToKeep's (both encodings in one piece),
 * with the same settings (given as workerData). Each answer is copied to an ArrayBuffer of its
 * own so that handing it over never detaches a buffer Node pools.
 */
const WORKER_SETUP = `
const { brotliCompressSync, gzipSync, constants } = require('node:zlib');
const own = (compressed) => new Uint8Array(compressed);
function work(input) {
  if (input.keep) {
    const bytes = Buffer.from(input.keep.buffer, input.keep.byteOffset, input.keep.byteLength);
    const br = own(brotliCompressSync(bytes, { params: { ...workerData.kept.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    const gzip = own(gzipSync(bytes, { level: workerData.kept.gzipLevel }));
    return { output: { br, gzip }, transfer: [br.buffer, gzip.buffer] };
  }
  const bytes = Buffer.from(input.html);
  const body = own(input.encoding === 'br'
    ? brotliCompressSync(bytes, { params: { ...workerData.brotli, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: workerData.gzipLevel }));
  return { output: body, transfer: [body.buffer] };
}
`;

type CompressorWork = { html: string; encoding: PageEncoding; keep?: undefined } | { keep: Uint8Array };

/**
 * Compresses, in a worker thread off the event loop, the pages rendered afresh (PAGE_CACHE=off, a
 * query string the cache does not keep, an error page) and the answers the response cache keeps:
 * the main thread is the one that limits how many pages a replica serves. Handing a page over
 * costs the main thread a third of compressing it there, and much less than zlib's async API,
 * which compresses in libuv's thread pool but pays for a stream and its callbacks here, for each
 * encoding (7 % of the main thread with 9 % of visitors booking, when kept answers went that way).
 * Past `maxInFlight` waiting pieces, or while the worker is down, a page is compressed on the
 * main thread and an answer to keep in the thread pool, as before: a flood queues nothing and a
 * crash loses no answer.
 */
export class PageCompressor {
  private readonly lane: WorkerLane<CompressorWork, Buffer | KeptEncodings>;

  constructor(maxInFlight = 64) {
    this.lane = new WorkerLane({
      name: 'The page compressor',
      setup: WORKER_SETUP,
      workerData: { brotli: BROTLI_PARAMS, gzipLevel: GZIP_LEVEL, kept: { brotli: KEPT_BROTLI_PARAMS, gzipLevel: KEPT_GZIP_LEVEL } },
      // A page is at most a few hundred KB: this is room for a handful at once, and a cap if something leaks.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
      maxInFlight,
      inPlace: (work) => (work.keep ? compressToKeep(receivedBytes(work.keep)) : compressPage(work.html, work.encoding)),
      received: (output) => (output instanceof Uint8Array ? receivedBytes(output) : { br: receivedBytes((output as KeptEncodings).br), gzip: receivedBytes((output as KeptEncodings).gzip) }),
    });
  }

  /** How many pages are in the worker now. */
  get inFlight(): number {
    return this.lane.inFlight;
  }

  compress(html: string, encoding: PageEncoding): Promise<Buffer> {
    return this.lane.run({ html, encoding }) as Promise<Buffer>;
  }

  /** An answer the cache keeps, as brotli and gzip: compressed once, sent many times. */
  compressToKeep(identity: Buffer): Promise<KeptEncodings> {
    return this.lane.run({ keep: identity }) as Promise<KeptEncodings>;
  }

  /** Ends the worker once it has answered the pages already in it; later pages are compressed here. */
  close(): Promise<void> {
    return this.lane.close();
  }
}
