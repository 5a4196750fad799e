import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { CreatedAt } from '../database/columns';

/** The kinds of mail a guest may stop (transactional mails, about a booking they made, never stop). */
export type OptOutKind = 'recovery' | 'review';

/** An address that stopped one kind of mail, by the mail's one-click unsubscribe. */
@Entity('mail_opt_outs')
@Index('IDX_mail_opt_outs_email_kind', ['email', 'kind'], { unique: true })
export class MailOptOut {
  @PrimaryGeneratedColumn()
  id: number;

  /** Lower case. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  kind: OptOutKind;

  @CreatedAt()
  createdAt: Date;
}
