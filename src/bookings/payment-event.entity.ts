import { Column, Entity, PrimaryColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';

/** A payment provider's event, recorded once so that a redelivery changes nothing twice. */
@Entity('payment_events')
export class PaymentEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 80 })
  type: string;

  @Column({ type: 'varchar', length: 16, nullable: true })
  bookingReference: string | null;

  @CreatedAt()
  createdAt: Date;
}
