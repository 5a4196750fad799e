/** The cancellation policy in one sentence, from CANCEL_FREE_HOURS; the site, mails and guide quote it. */
export function cancellationPolicyText(freeHours: number): string {
  return `Free cancellation until ${freeHours} hours before the start, with a full refund if you paid by card. After that there is no refund, unless we cancel the tour.`;
}

export interface CancellationTerms {
  freeHours: number;
  /** Until when cancelling is free (ISO). */
  freeUntil: string;
  /** Whether a cancellation now would be free. */
  freeNow: boolean;
  text: string;
}

/** The policy as it applies to one departure, at `now`. */
export function cancellationTerms(startsAt: Date, freeHours: number, now: Date): CancellationTerms {
  const freeUntil = new Date(startsAt.getTime() - freeHours * 3_600_000);
  return { freeHours, freeUntil: freeUntil.toISOString(), freeNow: now.getTime() <= freeUntil.getTime(), text: cancellationPolicyText(freeHours) };
}
