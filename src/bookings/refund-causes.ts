/** Why a payment goes back, as its refund's cause says (the cause without its payment id and particulars). */
export const REFUND_REASONS = ['late-payment', 'payment-after-cancel', 'departure-cancelled', 'departure-left', 'change-refused', 'changed', 'amount-mismatch', 'gift-card-spent', 'duplicate', 'cancelled'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
const isRefundReason = (reason: string): reason is RefundReason => (REFUND_REASONS as readonly string[]).includes(reason);

export interface RefundCauseParts {
  /** The cause without the payment id it may end in. */
  kind: string;
  /** Null for a cause this code does not know. */
  reason: RefundReason | null;
  /** Who cancelled, for `cancelled-by-…`. */
  cancelledBy?: string;
  paymentIntentId?: string;
}

/**
 * A refund's cause read back, for the guest's mail and staff's history alike: `cancelled-by-guest`,
 * `late-payment-pi_…`, `duplicate-payment-pi_…`, `changed-adult2-adult1`.
 */
export function readRefundCause(cause: string): RefundCauseParts {
  const paymentIntentId = /-(pi_\w+)$/.exec(cause)?.[1];
  const kind = paymentIntentId ? cause.slice(0, -paymentIntentId.length - 1) : cause;
  const payment = paymentIntentId ? { paymentIntentId } : {};
  if (kind.startsWith('cancelled-by-')) return { kind, reason: 'cancelled', cancelledBy: kind.slice('cancelled-by-'.length), ...payment };
  if (kind.startsWith('duplicate-payment')) return { kind, reason: 'duplicate', ...payment };
  if (kind.startsWith('changed-')) return { kind, reason: 'changed', ...payment };
  return { kind, reason: isRefundReason(kind) ? kind : null, ...payment };
}
