import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import type { FaqInput, FaqTranslation, PostInput, PostTranslation, StayInput, StayTranslation, TourInput, TourTranslation } from '../../../../shared/admin-types';
import type { ImageVariant } from '../../../../shared/api-types';
import { CATEGORIES, LOCATIONS } from '../../../../shared/taxonomy';
import { VAT_RATES } from '../../../../shared/vat';
import { Omittable } from '../../../common/pipes/omittable';

/** A change may leave a field out, but null is checked like any value: only fields that take null accept it. */
export const NOT_NULL = { skipNullProperties: false };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = (field: string) => `${field} får bara innehålla små bokstäver a-z, siffror och bindestreck, t.ex. norrsken-i-abisko`;
/** Our own artwork or an upload: never another site's address. */
const IMAGE_URL = /^\/(images|uploads)\/[A-Za-z0-9][\w./-]*\.(svg|jpg|jpeg|png|webp|avif)$/;
const IMAGE_URL_MESSAGE = 'bildens adress måste vara en uppladdad bild (/uploads/…) eller en av webbplatsens egna (/images/…)';
const TIMES_OF_DAY = ['morning', 'day', 'afternoon', 'evening', 'night'] as const;
export const FAQ_TOPICS = ['comparison', 'northern-lights', 'practical', 'booking'] as const;

/** A list of short texts (highlights, what to bring …). */
function TextList(field: string, max = 20, length = 300): PropertyDecorator {
  return (target, key) => {
    IsArray({ message: `${field} måste vara en lista` })(target, key);
    ArrayMaxSize(max, { message: `${field} får ha högst ${max} rader` })(target, key);
    IsString({ each: true, message: `${field} får bara innehålla text` })(target, key);
    IsNotEmpty({ each: true, message: `${field} får inte ha tomma rader` })(target, key);
    MaxLength(length, { each: true, message: `varje rad i ${field} får vara högst ${length} tecken` })(target, key);
  };
}

function Text(field: string, max: number): PropertyDecorator {
  return (target, key) => {
    IsString({ message: `${field} måste vara text` })(target, key);
    IsNotEmpty({ message: `${field} krävs` })(target, key);
    MaxLength(max, { message: `${field} får vara högst ${max} tecken` })(target, key);
  };
}

/** A translated field: text, empty allowed (the guest then reads the English). */
function Words(field: string, max: number): PropertyDecorator {
  return (target, key) => {
    IsString({ message: `${field} måste vara text` })(target, key);
    MaxLength(max, { message: `${field} får vara högst ${max} tecken` })(target, key);
  };
}

function WholeNumber(field: string, min: number, max: number): PropertyDecorator {
  return (target, key) => {
    IsInt({ message: `${field} måste vara ett heltal` })(target, key);
    Min(min, { message: `${field} måste vara minst ${min}` })(target, key);
    Max(max, { message: `${field} får vara högst ${max}` })(target, key);
  };
}

export class ImageVariantDto implements ImageVariant {
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  url: string;

  @WholeNumber('bredden', 1, 10_000)
  width: number;

  @IsIn(['image/avif', 'image/webp', 'image/jpeg'], { message: 'bildformatet måste vara image/avif, image/webp eller image/jpeg' })
  type: ImageVariant['type'];
}

export class ImageDto {
  @ApiProperty({ example: '/uploads/3f2a…/1600.jpg' })
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  url: string;

  @ApiProperty({ description: 'Required: what the picture shows, for those who cannot see it' })
  @Text('alt-texten', 300)
  alt: string;

  @WholeNumber('bredden', 1, 10_000)
  width: number;

  @WholeNumber('höjden', 1, 10_000)
  height: number;

  @IsOptional()
  @IsArray({ message: 'varianterna måste vara en lista' })
  @ArrayMaxSize(12, { message: 'högst 12 varianter' })
  @ValidateNested({ each: true, message: 'varje variant måste vara ett objekt med url, width och type' })
  @Type(() => ImageVariantDto)
  variants?: ImageVariantDto[];
}

export class TourDto implements TourInput {
  @ApiProperty() @Text('titeln', 200) title: string;

  @ApiProperty({ example: 'northern-lights-in-abisko' })
  @Matches(SLUG, { message: SLUG_MESSAGE('slug') })
  @MaxLength(160, { message: 'slug får vara högst 160 tecken' })
  slug: string;

  @ApiProperty() @Text('den korta beskrivningen', 500) shortDescription: string;
  @ApiProperty() @Text('beskrivningen', 10_000) description: string;
  @ApiProperty({ type: [String] }) @TextList('höjdpunkterna') highlights: string[];
  @ApiProperty({ type: [String] }) @TextList('det som ingår') included: string[];
  @ApiProperty({ type: [String] }) @TextList('vad man ska ta med') whatToBring: string[];

  @ApiProperty({ type: [String], example: ['Northern Lights'] })
  @IsArray({ message: 'kategorierna måste vara en lista' })
  @IsIn(CATEGORIES.map((category) => category.name), { each: true, message: `kategorierna måste vara bland: ${CATEGORIES.map((category) => category.name).join(', ')}` })
  categories: string[];

  @ApiProperty({ type: [String], example: ['Kiruna'] })
  @IsArray({ message: 'platserna måste vara en lista' })
  @ArrayMinSize(1, { message: 'ange minst en plats (Kiruna eller Abisko)' })
  @IsIn(LOCATIONS.map((location) => location.name), { each: true, message: `platserna måste vara bland: ${LOCATIONS.map((location) => location.name).join(', ')}` })
  locations: string[];

  @ApiProperty({ type: [String] }) @TextList('upphämtningsplatserna', 20, 200) pickupPlaces: string[];
  @ApiProperty() @WholeNumber('längden i minuter', 15, 14 * 24 * 60) durationMinutes: number;
  @ApiProperty() @WholeNumber('priset', 0, 1_000_000) priceSek: number;

  @ApiPropertyOptional({ enum: VAT_RATES, description: 'VAT rate in percent' })
  @Omittable()
  @IsIn(VAT_RATES, { message: 'momssatsen måste vara 25, 12 eller 6 (procent)' })
  vatRate?: number;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @WholeNumber('minimiåldern', 0, 99)
  minAge: number | null;

  @ApiProperty({ type: [Number], example: [9, 10, 11, 12, 1, 2, 3] })
  @IsArray({ message: 'säsongsmånaderna måste vara en lista' })
  @ArrayMinSize(1, { message: 'ange minst en säsongsmånad' })
  @IsInt({ each: true, message: 'säsongsmånaderna måste vara heltal 1-12' })
  @Min(1, { each: true, message: 'säsongsmånaderna måste vara heltal 1-12' })
  @Max(12, { each: true, message: 'säsongsmånaderna måste vara heltal 1-12' })
  seasonMonths: number[];

  @ApiProperty({ example: 'September to April' }) @Text('säsongen', 120) season: string;

  @ApiProperty({ enum: TIMES_OF_DAY })
  @IsIn(TIMES_OF_DAY, { message: `tid på dygnet måste vara en av: ${TIMES_OF_DAY.join(', ')}` })
  timeOfDay: TourInput['timeOfDay'];

  @ApiProperty() @Text('mötesplatsen', 300) meetingPoint: string;

  @ApiProperty({ type: [ImageDto], description: 'The first is the main image' })
  @IsArray({ message: 'bilderna måste vara en lista' })
  @ArrayMinSize(1, { message: 'turen behöver minst en bild' })
  @ArrayMaxSize(12, { message: 'högst 12 bilder' })
  @ValidateNested({ each: true, message: 'varje bild måste vara ett objekt med url, alt, width och height' })
  @Type(() => ImageDto)
  images: ImageDto[];

  @ApiProperty() @IsBoolean({ message: 'publicerad måste vara true eller false' }) isActive: boolean;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @WholeNumber('ordningen', 0, 100_000)
  sortOrder: number | null;
}

export class TourPatchDto extends PartialType(TourDto, NOT_NULL) {}

export class TourOrderDto {
  @ApiProperty({ type: [Number], description: 'Tour ids in the order the site lists them' })
  @IsArray({ message: 'ids måste vara en lista' })
  @ArrayMinSize(1, { message: 'ids får inte vara tom' })
  @ArrayMaxSize(500, { message: 'högst 500 turer' })
  @IsInt({ each: true, message: 'ids måste vara heltal' })
  ids: number[];
}

export class PostDto implements PostInput {
  @ApiProperty() @Text('titeln', 200) title: string;

  @ApiProperty()
  @Matches(SLUG, { message: SLUG_MESSAGE('slug') })
  @MaxLength(160, { message: 'slug får vara högst 160 tecken' })
  slug: string;

  @ApiProperty({ description: 'Empty: computed from the content' })
  @IsString({ message: 'utdraget måste vara text' })
  @MaxLength(500, { message: 'utdraget får vara högst 500 tecken' })
  excerpt: string;

  @ApiProperty() @Text('innehållet', 200_000) content: string;

  @ApiProperty({ description: 'Empty: the post has no cover' })
  @IsString({ message: IMAGE_URL_MESSAGE })
  @ValidateIf((_dto, value) => value !== '')
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  coverImageUrl: string;

  @ApiProperty({ description: 'Required with a cover; empty without one' })
  @ValidateIf((dto: PostDto) => Boolean(dto.coverImageUrl) || dto.coverImageAlt !== '')
  @Text('omslagsbildens alt-text', 300)
  coverImageAlt: string;

  @ApiPropertyOptional({ type: [ImageVariantDto], nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @IsArray({ message: 'varianterna måste vara en lista' })
  @ValidateNested({ each: true, message: 'varje variant måste vara ett objekt med url, width och type' })
  @Type(() => ImageVariantDto)
  coverImageVariants: ImageVariantDto[] | null;

  @ApiProperty() @Text('författaren', 120) author: string;

  @ApiProperty({ example: '2026-12-01T08:00:00+01:00', description: 'Later than now: scheduled' })
  @IsISO8601({ strict: true }, { message: 'publiceringstiden måste vara en tid i ISO-format, t.ex. 2026-12-01T08:00:00+01:00' })
  publishedAt: string;

  @ApiProperty() @IsBoolean({ message: 'utkast måste vara true eller false' }) isDraft: boolean;
}

export class PostPatchDto extends PartialType(PostDto, NOT_NULL) {}

/** A post's words in Swedish or German; empty where not translated. */
export class PostTranslationDto implements PostTranslation {
  @ApiProperty() @Words('titeln', 200) title: string;
  @ApiProperty() @Words('utdraget', 500) excerpt: string;
  @ApiProperty() @Words('innehållet', 200_000) content: string;
}

export class FaqDto implements FaqInput {
  @ApiProperty() @Text('frågan', 300) question: string;
  @ApiProperty() @Text('svaret', 5_000) answer: string;

  @ApiProperty({ enum: FAQ_TOPICS })
  @IsIn(FAQ_TOPICS, { message: `ämnet måste vara ett av: ${FAQ_TOPICS.join(', ')}` })
  topic: string;

  @ApiProperty() @WholeNumber('ordningen', 0, 100_000) sortOrder: number;
}

export class FaqPatchDto extends PartialType(FaqDto, NOT_NULL) {}

/** A FAQ entry in Swedish or German: both empty removes the translation (guests read English). */
export class FaqTranslationDto implements FaqTranslation {
  @ApiProperty() @Words('frågan', 300) question: string;
  @ApiProperty() @Words('svaret', 5_000) answer: string;
}

export class StayDto implements StayInput {
  @ApiProperty()
  @Matches(SLUG, { message: SLUG_MESSAGE('slug') })
  @MaxLength(80, { message: 'slug får vara högst 80 tecken' })
  slug: string;

  @ApiProperty() @Text('namnet', 160) name: string;
  @ApiProperty() @Text('beskrivningen', 5_000) description: string;
  @ApiProperty() @WholeNumber('antalet nätter', 1, 30) nights: number;
  @ApiProperty() @WholeNumber('priset', 0, 1_000_000) priceSek: number;

  @ApiPropertyOptional({ enum: VAT_RATES, description: 'VAT rate in percent' })
  @Omittable()
  @IsIn(VAT_RATES, { message: 'momssatsen måste vara 25, 12 eller 6 (procent)' })
  vatRate?: number;
  @ApiProperty() @WholeNumber('högsta antalet gäster', 1, 50) maxGuests: number;

  @ApiPropertyOptional({ nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @Matches(/^https:\/\/[^\s]+$/, { message: 'partnerlänken måste börja med https://' })
  @MaxLength(300, { message: 'partnerlänken får vara högst 300 tecken' })
  partnerUrl: string | null;

  @ApiProperty()
  @Matches(IMAGE_URL, { message: IMAGE_URL_MESSAGE })
  imageUrl: string;

  @ApiProperty() @Text('bildens alt-text', 300) imageAlt: string;

  @ApiPropertyOptional({ type: [ImageVariantDto], nullable: true })
  @ValidateIf((_dto, value) => value !== null)
  @IsArray({ message: 'varianterna måste vara en lista' })
  @ValidateNested({ each: true, message: 'varje variant måste vara ett objekt med url, width och type' })
  @Type(() => ImageVariantDto)
  imageVariants: ImageVariantDto[] | null;

  @ApiProperty() @IsBoolean({ message: 'aktiv måste vara true eller false' }) isActive: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 4, description: 'Rummen (en resurstyp av typen room) boendet tar för varje natt; null: partnern räknar rummen' })
  @IsOptional()
  @ValidateIf((_dto, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'roomKindId måste vara ett heltal' })
  roomKindId?: number | null;
}

export class StayPatchDto extends PartialType(StayDto, NOT_NULL) {}

/** A stay in Swedish or German: all empty removes the translation (guests read English). */
export class StayTranslationDto implements StayTranslation {
  @ApiProperty() @Words('namnet', 160) name: string;
  @ApiProperty() @Words('beskrivningen', 5_000) description: string;
}

/** A tour's words in Swedish or German: every field text (a list a line per item), empty where not translated. */
export class TourTranslationDto implements TourTranslation {
  @ApiProperty() @Words('titeln', 160) title: string;
  @ApiProperty() @Words('kortbeskrivningen', 400) shortDescription: string;
  @ApiProperty() @Words('beskrivningen', 10_000) description: string;
  @ApiProperty() @Words('bildtexten', 300) imageAlt: string;
  @ApiProperty() @Words('höjdpunkterna', 2_000) highlights: string;
  @ApiProperty() @Words('det som ingår', 2_000) included: string;
  @ApiProperty() @Words('det gästen tar med', 2_000) whatToBring: string;
  @ApiProperty() @Words('mötesplatsen', 300) meetingPoint: string;
  @ApiProperty() @Words('säsongen', 160) season: string;
  @ApiPropertyOptional({ description: 'A place a line; left out: left as it is' }) @Omittable() @Words('upphämtningsplatserna', 2_000) pickupPlaces?: string;
}

/** A tour's price category names and question labels in one language, by field (`c:adult`, `q:weight`). */
export class OptionWordsDto {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { 'c:adult': 'Vuxen (13+)', 'q:weight': 'Vikt' } })
  @IsObject({ message: 'words måste vara ett objekt med fält och text' })
  words: Record<string, string>;
}
