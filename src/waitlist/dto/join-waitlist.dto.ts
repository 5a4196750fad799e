import { PickType } from '@nestjs/swagger';

import { CreateBookingDto } from '../../bookings/dto/create-booking.dto';

/** A place in line for a departure: the party (as a booking gives it), a name, an email and a language; checked as a booking's are. */
export class JoinWaitlistDto extends PickType(CreateBookingDto, ['departureId', 'guests', 'categories', 'name', 'email', 'language'] as const) {}
