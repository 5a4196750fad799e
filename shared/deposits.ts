/**
 * Deposits (issue 48): a tour may let a guest pay part of a booking by card now (a share of the
 * total, or an amount) and the balance by a set number of days before the start. The site's
 * booking page, the server's checkout and the mails all ask this one function, so what the page
 * promises is what Stripe charges.
 */

/** What a tour asks: a deposit share (1–99 %) or amount (kronor per booking), at most one, and the balance's days before the start. */
export interface DepositTerms {
  depositPercent: number | null;
  depositSek: number | null;
  balanceDueDays: number;
}

export interface DepositPlan {
  /** Paid by card now; kept if the guest cancels (unless we cancel the tour). */
  depositSek: number;
  /** The rest, paid through the manage page by `balanceDueAt`. */
  balanceSek: number;
  balanceDueAt: Date;
}

const DAY_MS = 86_400_000;

/** When the balance is due: the booking's days before its departure's start. */
export const balanceDueAt = (startsAt: Date | string, balanceDueDays: number): Date => new Date(new Date(startsAt).getTime() - balanceDueDays * DAY_MS);

/**
 * The deposit a booking of `totalSek` on a departure starting at `startsAt` may pay now, or null
 * when it pays in full: the tour asks none, the balance would be due within a day of now (it is
 * paid in full then), or the deposit would be the whole price. A share is rounded up to whole kronor.
 */
export function depositPlan(terms: DepositTerms | null | undefined, totalSek: number, startsAt: Date | string, now: Date): DepositPlan | null {
  if (!terms || (terms.depositPercent === null && terms.depositSek === null) || totalSek <= 0) return null;
  const dueAt = balanceDueAt(startsAt, terms.balanceDueDays);
  if (dueAt.getTime() - now.getTime() < DAY_MS) return null;
  const depositSek = terms.depositPercent !== null ? Math.ceil((totalSek * terms.depositPercent) / 100) : terms.depositSek!;
  if (depositSek <= 0 || depositSek >= totalSek) return null;
  return { depositSek, balanceSek: totalSek - depositSek, balanceDueAt: dueAt };
}

/** Whether a balance due at `dueAt` is late at `now` (from the due moment on). */
export const balanceIsLate = (dueAt: Date, now: Date): boolean => now.getTime() >= dueAt.getTime();
