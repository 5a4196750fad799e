import { threadId, type Worker } from 'node:worker_threads';

import { WorkerLane } from './worker-lane';

/** Work that says which thread did it; it fails for a negative number, as a page can fail to render. */
const SETUP = `
const { threadId } = require('node:worker_threads');
function work(n) {
  if (n < 0) throw new Error('No negative numbers');
  return { output: { square: n * n, thread: threadId } };
}
`;

const workerOf = (sut: object): Worker | undefined => (sut as unknown as { worker?: Worker }).worker;

describe(WorkerLane.name, () => {
  let sut: WorkerLane<number, { square: number; thread: number }>;
  const inPlace = jest.fn((n: number) => ({ square: n * n, thread: threadId }));

  beforeEach(() => {
    inPlace.mockClear();
    sut = new WorkerLane({ name: 'The squarer', setup: SETUP, maxInFlight: 4, inPlace });
  });

  afterEach(() => sut.close());

  it('does the work in its worker thread', async () => {
    const answers = await Promise.all([2, 3, 4].map((n) => sut.run(n)));
    expect(answers.map(({ square }) => square)).toEqual([4, 9, 16]);
    expect(new Set(answers.map(({ thread }) => thread))).toEqual(new Set([workerOf(sut)!.threadId]));
    expect(workerOf(sut)!.threadId).not.toBe(threadId);
    expect(inPlace).not.toHaveBeenCalled();
  });

  it('does here a piece the worker could not do, which answers its error rather than dying', async () => {
    await sut.run(1);
    const worker = workerOf(sut);
    inPlace.mockImplementationOnce(() => {
      throw new Error('No negative numbers here either');
    });
    await expect(sut.run(-1)).rejects.toThrow('No negative numbers here either');
    expect(inPlace).toHaveBeenCalledWith(-1);
    // The same worker goes on with the next piece.
    expect((await sut.run(5)).thread).toBe(worker!.threadId);
    expect(workerOf(sut)).toBe(worker);
    expect(sut.inFlight).toBe(0);
  });

  it('does here what cannot be handed to another thread, leaving nothing waiting', async () => {
    const lane = new WorkerLane<unknown, string>({ name: 'The echo', setup: 'function work(x) { return { output: String(x) }; }', maxInFlight: 4, inPlace: () => 'here' });
    try {
      expect(await lane.run(7)).toBe('7');
      // A function does not cross threads.
      expect(await lane.run(() => 7)).toBe('here');
      expect(lane.inFlight).toBe(0);
    } finally {
      await lane.close();
    }
  });
});
