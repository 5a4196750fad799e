import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Worker } from 'node:worker_threads';

import { PageCompressor } from './page-compressor';

/** A page as the site renders one: markup with Swedish letters and a reindeer, tens of KB. */
const page = (n = 0): string => `<!doctype html><html lang="sv"><body>${`<p class="tour">Rensläde i Kiruna ${n} 🦌 – från 1 650 kr</p>`.repeat(600)}</body></html>`;

/** The lane a compressor hands its pages to, as its own field holds it. */
const laneOf = (sut: PageCompressor) => (sut as unknown as { lane: { worker?: Worker; restartAt: number } }).lane;
/** The worker a compressor runs. */
const workerOf = (sut: PageCompressor): Worker | undefined => laneOf(sut).worker;

describe(PageCompressor.name, () => {
  let sut: PageCompressor;

  beforeEach(() => {
    sut = new PageCompressor(4);
  });

  afterEach(async () => {
    await sut.close();
  });

  it('compresses a page in a worker thread, as brotli or gzip, to bytes that give the page back', async () => {
    const [br, gzip] = await Promise.all([sut.compress(page(1), 'br'), sut.compress(page(2), 'gzip')]);
    expect(workerOf(sut)).toBeDefined();
    expect(brotliDecompressSync(br).toString()).toBe(page(1));
    expect(gunzipSync(gzip).toString()).toBe(page(2));
    expect(br.length).toBeLessThan(Buffer.byteLength(page(1)) / 10);
  });

  it('compresses an answer to keep in the worker, as brotli and gzip in one piece, each giving the answer back', async () => {
    const answer = Buffer.from(page(3));
    const fallback = jest.spyOn((laneOf(sut) as unknown as { options: { inPlace: () => unknown } }).options, 'inPlace');
    const { br, gzip } = await sut.compressToKeep(answer);
    expect(workerOf(sut)).toBeDefined();
    expect(fallback).not.toHaveBeenCalled();
    expect(brotliDecompressSync(br)).toEqual(answer);
    expect(gunzipSync(gzip)).toEqual(answer);
    // Kept at a better quality than a page compressed as it goes out.
    expect(br.length).toBeLessThan((await sut.compress(page(3), 'br')).length);
    // Each its own bytes, exactly: nothing kept holds a larger buffer alive.
    for (const body of [br, gzip]) expect(body.buffer.byteLength).toBe(body.length);
  });

  it('compresses an answer to keep in the thread pool when the worker is full, with the same result', async () => {
    const waiting = Array.from({ length: 4 }, (_, n) => sut.compress(page(n), 'br'));
    const answer = Buffer.from(page(9));
    const kept = sut.compressToKeep(answer);
    expect(sut.inFlight).toBe(4);
    const { br, gzip } = await kept;
    expect(brotliDecompressSync(br)).toEqual(answer);
    expect(gunzipSync(gzip)).toEqual(answer);
    await Promise.all(waiting);
  });

  it('gives each page its own answer when many are in the worker at once', async () => {
    const bodies = await Promise.all(Array.from({ length: 12 }, (_, n) => sut.compress(page(n), 'br')));
    expect(bodies.map((body) => brotliDecompressSync(body).toString())).toEqual(Array.from({ length: 12 }, (_, n) => page(n)));
    expect(sut.inFlight).toBe(0);
  });

  it('compresses on the calling thread past its limit of pages waiting, queueing nothing more', async () => {
    const waiting = Array.from({ length: 4 }, (_, n) => sut.compress(page(n), 'br'));
    expect(sut.inFlight).toBe(4);
    // The fifth is done at once, on this thread: nothing more is handed over.
    const fifth = sut.compress(page(5), 'br');
    expect(sut.inFlight).toBe(4);
    expect(brotliDecompressSync(await fifth).toString()).toBe(page(5));
    await Promise.all(waiting);
  });

  it('loses no page when its worker dies: those in it are compressed here, and a new worker follows', async () => {
    await sut.compress(page(), 'br');
    const first = workerOf(sut)!;
    const died = new Promise((resolve) => first.once('exit', resolve));
    // A message it cannot read throws in the worker, which dies with the three pages behind it unanswered.
    first.postMessage({ id: -1 });
    const inFlight = Array.from({ length: 3 }, (_, n) => sut.compress(page(n), 'gzip'));
    expect(await died).toBe(1);
    const bodies = await Promise.all(inFlight);
    expect(bodies.map((body) => gunzipSync(body).toString())).toEqual([page(0), page(1), page(2)]);
    expect(workerOf(sut)).toBeUndefined();
    // While it is down, pages are still answered; a second later a new worker takes them.
    expect(brotliDecompressSync(await sut.compress(page(7), 'br')).toString()).toBe(page(7));
    laneOf(sut).restartAt = 0;
    await sut.compress(page(8), 'br');
    expect(workerOf(sut)).toBeDefined();
    expect(workerOf(sut)).not.toBe(first);
  });

  it('compresses here when a page cannot be handed over, leaving nothing waiting', async () => {
    await sut.compress(page(), 'br');
    jest.spyOn(workerOf(sut)!, 'postMessage').mockImplementation(() => {
      throw new Error('The port is closing');
    });
    expect(brotliDecompressSync(await sut.compress(page(4), 'br')).toString()).toBe(page(4));
    expect(sut.inFlight).toBe(0);
  });

  it('ends its worker on close once the pages in it are answered, without terminating it, and compresses here from then on', async () => {
    await sut.compress(page(), 'br');
    const worker = workerOf(sut)!;
    const terminate = jest.spyOn(worker, 'terminate');
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const inFlight = Array.from({ length: 3 }, (_, n) => sut.compress(page(n), 'br'));
    await sut.close();
    expect(await exited).toBe(0);
    expect(terminate).not.toHaveBeenCalled();
    expect((await Promise.all(inFlight)).map((body) => brotliDecompressSync(body).toString())).toEqual([page(0), page(1), page(2)]);
    expect(brotliDecompressSync(await sut.compress(page(3), 'br')).toString()).toBe(page(3));
    expect(workerOf(sut)).toBeUndefined();
  });
});
