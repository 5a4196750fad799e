import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';

import { CATEGORIES, LOCATIONS } from '../../../shared/taxonomy';
import { LangQuery } from '../../common/i18n/lang-query.dto';

const LOCATION_NAMES = LOCATIONS.map((location) => location.name);
const CATEGORY_NAMES = CATEGORIES.map((category) => category.name);

/** Accepts a name in any case, or a category's landing slug, and returns the canonical name. */
const canonical =
  (options: readonly { name: string; slug: string }[]) =>
  ({ value }: { value: unknown }): unknown => {
    if (typeof value !== 'string') return value;
    const wanted = value.trim().toLowerCase();
    return options.find((option) => option.name.toLowerCase() === wanted || option.slug === wanted)?.name ?? value;
  };

/** The filters, and the language (`lang`, default English) the tours are told in. */
export class ListToursQuery extends LangQuery {
  @ApiPropertyOptional({ enum: LOCATION_NAMES })
  @IsOptional()
  @Transform(canonical(LOCATIONS))
  @IsIn(LOCATION_NAMES, { message: `location must be one of: ${LOCATION_NAMES.join(', ')}` })
  location?: string;

  @ApiPropertyOptional({ enum: CATEGORY_NAMES })
  @IsOptional()
  @Transform(canonical(CATEGORIES))
  @IsIn(CATEGORY_NAMES, { message: `category must be one of: ${CATEGORY_NAMES.join(', ')}` })
  category?: string;
}
