import { Clock } from './clock';

describe(Clock.name, () => {
  it('reads the system time until set, then runs on from the time it was set to, and goes back when reset', () => {
    const sut = new Clock();
    expect(Math.abs(sut.now().getTime() - Date.now())).toBeLessThan(50);
    sut.set(new Date('2026-12-24T22:30:00Z'));
    expect(Math.abs(sut.now().getTime() - Date.parse('2026-12-24T22:30:00Z'))).toBeLessThan(50);
    sut.advance(15 * 60_000);
    expect(Math.abs(sut.now().getTime() - Date.parse('2026-12-24T22:45:00Z'))).toBeLessThan(50);
    sut.reset();
    expect(Math.abs(sut.now().getTime() - Date.now())).toBeLessThan(50);
  });
});
