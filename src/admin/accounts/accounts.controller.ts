import { Get, Header, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import type { Response } from 'express';

import type { SalesReportLine } from '../../../shared/accounts';
import { StaffController } from '../auth/admin-jwt.guard';
import { AccountsService } from './accounts.service';
import { IsLocalDate } from '../../common/pipes/is-local-date';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export class MonthsQuery {
  @ApiProperty({ example: '2026-12', description: 'Första månaden (ÅÅÅÅ-MM)' })
  @Matches(MONTH, { message: 'from skrivs ÅÅÅÅ-MM' })
  from: string;

  @ApiProperty({ example: '2026-12', description: 'Sista månaden (ÅÅÅÅ-MM), den medräknad' })
  @Matches(MONTH, { message: 'to skrivs ÅÅÅÅ-MM' })
  to: string;
}

export class DaysQuery {
  @ApiProperty({ example: '2026-12-01', description: 'Första dagen (ÅÅÅÅ-MM-DD, Kirunatid)' })
  @IsLocalDate({ message: 'from skrivs ÅÅÅÅ-MM-DD' })
  from: string;

  @ApiProperty({ example: '2026-12-31', description: 'Sista dagen, den medräknad' })
  @IsLocalDate({ message: 'to skrivs ÅÅÅÅ-MM-DD' })
  to: string;
}

/** The books: the monthly sales report and the SIE 4 file for the accountant. */
@StaffController('api/admin/accounts')
export class StaffAccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Get('sales')
  @ApiOperation({ summary: 'Sales by month: tour revenue by VAT rate and channel, refunds, gift cards sold, issued, redeemed and voided (a liability until used)' })
  @ApiOkResponse({ description: '{ data }: the report\'s lines, amounts in öre' })
  @ApiBadRequestResponse({ description: 'A month not written YYYY-MM, or the last before the first' })
  async sales(@Query() query: MonthsQuery): Promise<{ data: SalesReportLine[] }> {
    return { data: await this.accounts.report(query.from, query.to) };
  }

  @Get('sales.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: 'The sales report as CSV (kronor with a decimal comma)' })
  @ApiOkResponse({ description: 'The CSV file' })
  @ApiBadRequestResponse({ description: 'A month not written YYYY-MM, or the last before the first' })
  async salesCsv(@Query() query: MonthsQuery, @Res({ passthrough: true }) response: Response): Promise<string> {
    response.setHeader('Content-Disposition', `attachment; filename="forsaljning-${query.from}-${query.to}.csv"`);
    return this.accounts.reportCsv(query.from, query.to);
  }

  @Get('sie')
  @ApiOperation({ summary: 'The days as an SIE 4 file (PC8): one verification a day, to import into Fortnox, Visma or another accounting program' })
  @ApiOkResponse({ description: 'The SIE file' })
  @ApiBadRequestResponse({ description: 'A day not written YYYY-MM-DD, the last before the first, or two calendar years' })
  async sie(@Query() query: DaysQuery, @Res() response: Response): Promise<void> {
    const file = await this.accounts.sie(query.from, query.to);
    response.setHeader('Content-Type', 'application/octet-stream');
    response.setHeader('Content-Disposition', `attachment; filename="norrsken-${query.from}-${query.to}.se"`);
    response.send(file);
  }
}
