import { Column, Entity, PrimaryColumn } from 'typeorm';

import { UpdatedAt } from '../database/columns';

/**
 * What the AI guide spent with the outside model in one minute or one day, over every
 * replica: the budget's counts (GuideBudget), and what staff see of the spend.
 */
@Entity('guide_spend')
export class GuideSpend {
  /** `minute:2026-11-29T02:15` or `day:2026-11-29` (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 24 })
  period: string;

  /** Requests to the model (each round of an answer is one). */
  @Column({ type: 'int', default: 0 })
  calls: number;

  /** Tokens those requests may use: their prompts' and the replies' cap. */
  @Column({ type: 'int', default: 0 })
  tokens: number;

  @UpdatedAt()
  updatedAt: Date;
}
