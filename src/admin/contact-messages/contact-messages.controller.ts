import { Body, Get, Param, ParseIntPipe, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

import type { ContactMessageView } from '../../../shared/admin-types';
import { ContactInbox } from '../../contact/contact-inbox.service';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';

export class ContactQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => value === 'true' || value === true)
  @IsBoolean({ message: 'unhandled måste vara true eller false' })
  unhandled?: boolean;
}

export class HandledDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'handled måste vara true eller false' })
  handled: boolean;
}

/** What guests wrote through the contact form, and which of it staff have handled. */
@StaffController('api/admin/contact-messages')
export class ContactMessagesController {
  constructor(private readonly contactInbox: ContactInbox) {}

  @Get()
  @ApiOperation({ summary: 'List the contact messages' })
  async contactMessages(@Query() query: ContactQuery): Promise<{ data: ContactMessageView[] }> {
    return { data: await this.contactInbox.messages(query.unhandled ?? false) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Mark a contact message handled' })
  markHandled(@Param('id', ParseIntPipe) id: number, @Body() dto: HandledDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<ContactMessageView> {
    return this.contactInbox.markHandled(id, dto.handled, admin.email);
  }
}
