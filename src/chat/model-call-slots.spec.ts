import { ModelCallSlots } from './model-call-slots';

describe(ModelCallSlots.name, () => {
  it('runs as many calls at once as it has slots, refuses the next at once, and frees a slot when a call ends, failed or not', async () => {
    const sut = new ModelCallSlots(2);
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = sut.tryRun(() => held.then(() => 'first'));
    const second = sut.tryRun(() => Promise.reject(new Error('provider down')));
    await expect(second).rejects.toThrow('provider down');
    const third = sut.tryRun(() => held.then(() => 'third'));
    expect(await sut.tryRun(async () => 'fourth')).toBeUndefined();
    finish();
    expect(await first).toEqual({ value: 'first' });
    expect(await third).toEqual({ value: 'third' });
    expect(await sut.tryRun(async () => 'again')).toEqual({ value: 'again' });
  });
});
