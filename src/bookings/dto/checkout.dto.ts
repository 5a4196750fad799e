import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';

/** What checkout may be given: a gift card to pay with first (its code as printed, any case, dashes or not), or the choice of a deposit. */
export class CheckoutDto {
  @ApiPropertyOptional({ example: 'K7QX-M2PA-9HRW', description: 'A gift card code: the card pays all it can, the rest by card or on arrival' })
  @IsOptional()
  @IsString({ message: 'giftCardCode must be the code on your gift card' })
  @MaxLength(40, { message: 'giftCardCode must be the code on your gift card' })
  giftCardCode?: string;

  @ApiPropertyOptional({ description: "Pay the tour's deposit by card now and the balance by its due day (the tour's `deposit`); refused with a gift card, or where the booking is paid in full" })
  @IsOptional()
  @IsBoolean({ message: 'deposit must be true or false' })
  deposit?: boolean;
}
