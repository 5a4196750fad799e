import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';

import type { ConversationRow, GuideSpendView } from '../../../shared/admin-types';
import { GuideBudget } from '../../chat/guide-budget';
import { AppConfig } from '../../config/app-config';
import { ConversationLog } from '../../chat/conversation-log.service';
import { StaffController } from '../auth/admin-jwt.guard';

export class ChatLogsQuery {
  @IsOptional()
  @IsString({ message: 'q måste vara text' })
  @MaxLength(200, { message: 'q får vara högst 200 tecken' })
  q?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page måste vara ett heltal från 1' })
  @Min(1, { message: 'page måste vara ett heltal från 1' })
  page?: number;

  /** Only conversations with an answer nothing of ours grounded. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'unanswered måste vara true eller false' })
  unanswered?: boolean;

  /** Only conversations in which the guide held seats. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'booked måste vara true eller false' })
  booked?: boolean;
}

/** The AI guide's conversations, for staff to read and learn from. */
@StaffController('api/admin/chat-logs')
export class ChatLogsController {
  constructor(
    private readonly conversationLog: ConversationLog,
    private readonly budget: GuideBudget,
    private readonly config: AppConfig,
  ) {}

  // Before ':id', which would take "spend" for a conversation's id.
  @Get('spend')
  @ApiOperation({ summary: "What the AI guide spent with the outside model this minute and the last seven days, against its budget" })
  spend(): Promise<GuideSpendView> {
    return this.budget.view(this.config.ai?.budget);
  }

  @Get()
  @ApiOperation({ summary: "Search the AI guide's conversations" })
  conversations(@Query() query: ChatLogsQuery): Promise<{ data: ConversationRow[]; total: number }> {
    return this.conversationLog.conversations(query.q?.trim() || undefined, query.page, query.unanswered === true, query.booked === true);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read one conversation with the AI guide' })
  transcript(@Param('id') id: string) {
    return this.conversationLog.transcript(id);
  }
}
