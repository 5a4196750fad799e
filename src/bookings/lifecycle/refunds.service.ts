import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';

import { afterCommit, writeTransaction } from '../../database/transactions';

import { claimDueWork, describeError, nextAttemptAfterFailure } from '../../common/jobs/due-work';
import { StripeService } from '../../stripe/stripe.service';
import { BookingRefund } from '../booking-refund.entity';
import { Booking } from '../booking.entity';
import { BookingWriter } from './booking-writer';
import { clock } from '../../common/clock';

/** Refunds the lifecycle queued, carried out with Stripe and settled on the booking. */
@Injectable()
export class Refunds {
  private readonly logger = new Logger(Refunds.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stripe: StripeService,
    private readonly writer: BookingWriter,
  ) {}

  /**
   * settleRefund for every due refund: Stripe is asked (with the refund's idempotency key, so a
   * retry after a crash returns the same refund), then the refund and the booking are updated
   * and the guest mailed in one transaction. Failures are retried with backoff.
   */
  async settleDueRefunds(now = clock.now()): Promise<number> {
    const claimed = await claimDueWork(this.dataSource, BookingRefund, now, { limit: 10, leaseMs: 120_000 });
    for (const refund of claimed) {
      const booking = await this.dataSource.getRepository(Booking).findOneOrFail({ where: { id: refund.bookingId }, select: { id: true, reference: true } });
      try {
        const made = await this.stripe.refund({ paymentIntentId: refund.paymentIntentId, amountOre: refund.amountOre, reference: booking.reference, cause: refund.cause });
        await this.writer.withBooking(booking.reference, async (tx, fresh) => {
          const done = await tx.manager.update(
            BookingRefund,
            { id: refund.id, status: 'pending' },
            { status: 'succeeded', stripeRefundId: made.id, amountOre: made.amount ?? refund.amountOre, refundedAt: new Date((made.created ?? now.getTime() / 1000) * 1000), lastError: null },
          );
          if (!done.affected) return;
          const stillPending = await tx.manager.countBy(BookingRefund, { bookingId: fresh.id, status: In(['pending', 'failed']) });
          if (fresh.paymentStatus === 'refund_pending' && stillPending === 0) await this.writer.change(tx, fresh, 'settleRefund', { paymentStatus: 'refunded' });
          await this.writer.announce(tx.manager, fresh, { kind: 'refunded', cause: refund.cause, amountOre: made.amount ?? refund.amountOre, stripeRefundId: made.id }, now);
        });
      } catch (error) {
        const retryAt = nextAttemptAfterFailure(refund.attempts, [30_000, 120_000, 600_000, 3_600_000], clock.now());
        this.logger.error(`Refund #${refund.id} of ${booking.reference} failed (${describeError(error)})${retryAt ? '' : '; gave up, staff must act'}`);
        await this.dataSource
          .getRepository(BookingRefund)
          .update({ id: refund.id, status: 'pending' }, retryAt ? { nextAttemptAt: retryAt, lastError: describeError(error) } : { status: 'failed', lastError: describeError(error) });
      }
    }
    return claimed.length;
  }

  /** "Try again" for a refund that gave up. */
  async retryRefund(id: number): Promise<void> {
    await writeTransaction(this.dataSource, async (manager) => {
      const result = await manager.update(BookingRefund, { id, status: 'failed' }, { status: 'pending', attempts: 0, nextAttemptAt: clock.now() });
      if (!result.affected) throw new NotFoundException(`Det finns ingen misslyckad återbetalning med id ${id}.`);
      afterCommit(manager, 'refunds', () => this.writer.refundsAreDue());
    });
  }

  /** The refund worker asks to hear of new refunds, so that they go out at once after the commit. */
  onRefundsDue(listener: () => void): void {
    this.writer.onRefundsDue(listener);
  }
}
