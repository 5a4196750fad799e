import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateIf, type ValidationArguments } from 'class-validator';

import { MAX_GROUP_SIZE } from '../../../shared/taxonomy';

/** Marks a staff DTO built on a guest one: its messages are in Swedish, the staff's language. */
export const STAFF_LANGUAGE = Symbol('staff language');

/** A message in the guest's English, or in Swedish when the DTO being checked is a staff one (or holds one). */
export const say =
  (english: string, swedish: string) =>
  (args: ValidationArguments): string =>
    (args.object as { [STAFF_LANGUAGE]?: boolean })[STAFF_LANGUAGE] ? swedish : english;

const CATEGORY = say('categories[].category must be a price category code such as adult', 'categories[].category måste vara en priskategori, till exempel adult');
const QUANTITY = say(`categories[].quantity must be a whole number from 0 to ${MAX_GROUP_SIZE}`, `categories[].quantity måste vara ett heltal från 0 till ${MAX_GROUP_SIZE}`);

/** A pickup point's id, or null for the meeting point. */
export function PickupPointId(): PropertyDecorator {
  const message = say('pickupPointId must be a whole number, or null for the meeting point', 'pickupPointId måste vara ett heltal, eller null för mötesplatsen');
  return applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, example: 3, description: "One of the tour's pickupPoints; null or absent: the guests come to the meeting point" }),
    IsOptional(),
    ValidateIf((_dto, value) => value !== null),
    IsInt({ message }),
    Min(1, { message }),
  );
}

/** Answers to the tour's questions: `{ booking: { code: value }, guests: [{ code: value }, …] }`, checked against them by the service. */
export function AnswersField(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: false,
      properties: {
        booking: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } },
        guests: { type: 'array', items: { type: 'object', additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } } },
      },
      example: { booking: { diet: 'One vegetarian' }, guests: [{ weight: 82 }, { weight: 64 }] },
      description: "Answers to the tour's questions, once for the booking and per guest (the first guest first)",
    }),
    IsOptional(),
    IsObject({ message: say('answers must be an object with booking and guests', 'answers måste vara ett objekt med booking och guests') }),
  );
}

/** How many of one price category: `{ "category": "child", "quantity": 1 }`. */
export class PartyItemDto {
  @ApiProperty({ example: 'adult', description: "A price category's code, from the tour's priceCategories" })
  @IsString({ message: CATEGORY })
  @Matches(/^[a-z][a-z0-9-]{0,29}$/, { message: CATEGORY })
  category: string;

  @ApiProperty({ minimum: 0, maximum: MAX_GROUP_SIZE, example: 2 })
  @Type(() => Number)
  @IsInt({ message: QUANTITY })
  @Min(0, { message: QUANTITY })
  @Max(MAX_GROUP_SIZE, { message: QUANTITY })
  quantity: number;
}
