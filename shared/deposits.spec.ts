import { balanceDueAt, balanceIsLate, depositPlan, type DepositTerms } from './deposits';

const share = (percent: number, days = 30): DepositTerms => ({ depositPercent: percent, depositSek: null, balanceDueDays: days });
const amount = (sek: number, days = 30): DepositTerms => ({ depositPercent: null, depositSek: sek, balanceDueDays: days });
const startsAt = new Date('2027-03-01T18:00:00Z');

describe(depositPlan.name, () => {
  const farAhead = new Date('2026-12-01T10:00:00Z');

  it('takes a share of the total, rounded up to whole kronor, and leaves the rest due the set days before the start', () => {
    expect(depositPlan(share(30), 7_995, startsAt, farAhead)).toEqual({ depositSek: 2_399, balanceSek: 5_596, balanceDueAt: new Date('2027-01-30T18:00:00Z') });
  });

  it('takes a fixed amount per booking', () => {
    expect(depositPlan(amount(1_500), 7_995, startsAt, farAhead)).toMatchObject({ depositSek: 1_500, balanceSek: 6_495 });
  });

  it('asks the whole price when the tour asks no deposit, the amount would be all of it, or nothing is to pay', () => {
    expect(depositPlan(null, 7_995, startsAt, farAhead)).toBeNull();
    expect(depositPlan({ depositPercent: null, depositSek: null, balanceDueDays: 30 }, 7_995, startsAt, farAhead)).toBeNull();
    expect(depositPlan(amount(8_000), 7_995, startsAt, farAhead)).toBeNull();
    expect(depositPlan(share(30), 0, startsAt, farAhead)).toBeNull();
  });

  it('asks the whole price once the balance would be due within a day', () => {
    const due = balanceDueAt(startsAt, 30);
    expect(depositPlan(share(30), 1_000, startsAt, new Date(due.getTime() - 86_400_000))).not.toBeNull();
    expect(depositPlan(share(30), 1_000, startsAt, new Date(due.getTime() - 86_400_000 + 1))).toBeNull();
    expect(depositPlan(share(30), 1_000, startsAt, new Date('2027-02-20T00:00:00Z'))).toBeNull();
  });
});

describe(balanceIsLate.name, () => {
  it('is late from the due moment on', () => {
    const due = balanceDueAt(startsAt, 30);
    expect(balanceIsLate(due, new Date(due.getTime() - 1))).toBe(false);
    expect(balanceIsLate(due, due)).toBe(true);
  });
});
