import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

import { CreateBookingDto } from '../../bookings/dto/create-booking.dto';
import { ANY_DATE_DAYS } from '../../../shared/waitlist';

/** A place in line for a departure: the party (as a booking gives it), a name, an email and a language; checked as a booking's are. */
export class JoinWaitlistDto extends PickType(CreateBookingDto, ['departureId', 'guests', 'categories', 'name', 'email', 'language'] as const) {
  @ApiPropertyOptional({ description: `"Any date this week": wait too for the tour's other full dates up to ${ANY_DATE_DAYS} days either side of this one (one offer at a time; a booking from one ends the rest)`, default: false })
  @IsOptional()
  @IsBoolean({ message: 'anyDateThisWeek must be true or false' })
  anyDateThisWeek?: boolean;
}
