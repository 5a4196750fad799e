import { Worker } from 'node:worker_threads';

import { Mutex } from 'async-mutex';

import { receivedBytes } from '../../common/workers/worker-lane';

/** A HEIC photo's primary image as RGBA pixels, no wider than asked, and the size the photo has. */
export interface DecodedHeic {
  width: number;
  height: number;
  rgba: Buffer;
  original: { width: number; height: number };
}

/** Why a HEIC file was refused before or while decoding. */
export class HeicRefused extends Error {
  constructor(readonly reason: 'too-many-pixels' | 'unreadable' | 'too-slow') {
    super(`HEIC refused: ${reason}`);
  }
}

/** A decode that takes longer than this is given up (the worker is ended). */
const DECODE_TIMEOUT_MS = 30_000;

/**
 * Runs in a worker thread of its own, one per photo: reads every image's declared size, refuses
 * the file if any is over the limit (a small file can declare a huge grid as an image that is
 * not its primary), and decodes only the primary, the image it checked, then shrinks it to the
 * width asked for with sharp. libheif's WebAssembly decoder is synchronous: on the main thread it
 * would stop the site for as long as it runs, and the full-size pixels never reach that thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
const sharp = require(workerData.sharp);
(async () => {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(workerData.bytes);
  try {
    if (!images.length) return parentPort.postMessage({ refused: 'unreadable' });
    for (const image of images) {
      const [width, height] = [image.get_width(), image.get_height()];
      if (!(width > 0 && height > 0) || width * height > workerData.maxPixels) return parentPort.postMessage({ refused: 'too-many-pixels' });
    }
    const primary = images.find((image) => image.is_primary()) || images[0];
    const [width, height] = [primary.get_width(), primary.get_height()];
    const data = await new Promise((resolve, reject) =>
      primary.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (shown) => (shown ? resolve(shown.data) : reject(new Error('HEIF processing error')))),
    );
    const raw = { width, height, channels: 4 };
    const shrunk = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw, limitInputPixels: workerData.maxPixels })
      .resize({ width: workerData.maxWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = new Uint8Array(shrunk.data.buffer, shrunk.data.byteOffset, shrunk.data.byteLength);
    parentPort.postMessage({ width: shrunk.info.width, height: shrunk.info.height, data: pixels, original: { width, height } }, [pixels.buffer]);
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
})().catch(() => parentPort.postMessage({ refused: 'unreadable' }));
`;

/** One decode at a time: each may hold a few hundred MB (at most maxPixels × 4 bytes of pixels, and libheif's own buffers). */
const oneAtATime = new Mutex();

/**
 * Decodes a HEIC file off the main thread, in a worker that ends when it is done (so what the
 * decoder allocated is given back), with a cap on its JavaScript heap and a time-out.
 */
export function decodeHeic(bytes: Buffer, limits: { maxPixels: number; maxWidth: number }): Promise<DecodedHeic> {
  return oneAtATime.runExclusive(
    () =>
      new Promise<DecodedHeic>((resolve, reject) => {
        const worker = new Worker(WORKER_SOURCE, {
          eval: true,
          workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), sharp: require.resolve('sharp'), bytes: new Uint8Array(bytes), ...limits },
          resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
        });
        const timer = setTimeout(() => {
          reject(new HeicRefused('too-slow'));
          void worker.terminate();
        }, DECODE_TIMEOUT_MS);
        const settle = (settleWith: () => void) => {
          clearTimeout(timer);
          settleWith();
          void worker.terminate();
        };
        worker.once('message', (message: { refused?: HeicRefused['reason']; width?: number; height?: number; data?: Uint8Array; original?: DecodedHeic['original'] }) =>
          settle(() =>
            message.refused || !message.data
              ? reject(new HeicRefused(message.refused ?? 'unreadable'))
              : resolve({ width: message.width!, height: message.height!, rgba: receivedBytes(message.data), original: message.original! }),
          ),
        );
        // A worker that ran out of memory or failed to start: the file's fault as far as the upload goes.
        worker.once('error', () => settle(() => reject(new HeicRefused('unreadable'))));
        worker.once('exit', () => settle(() => reject(new HeicRefused('unreadable'))));
      }),
  );
}
