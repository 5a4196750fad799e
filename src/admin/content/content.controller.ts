import {
  BadRequestException,
  Body,
  CallHandler,
  Delete,
  ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  NestInterceptor,
  Param,
  ParseEnumPipe,
  ParseIntPipe,
  Patch,
  PayloadTooLargeException,
  Post,
  Put,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import { catchError, type Observable } from 'rxjs';

import type { AdminFaqView, AdminPickupPointView, AdminStayView, AdminTourView, AdminTranslatedPostView, AdminTranslatedTourView, TourBookingOptions, FieldWordsView, UploadedImageView } from '../../../shared/admin-types';
import { sanitizePostHtml } from '../../blog/blog.service';
import { PostEditor } from '../../blog/post-editor.service';
import { ResourcePlan } from '../../departures/resources/resource-plan.service';
import { StayEditor } from '../../bookings/stay-editor.service';
import { FaqEditor } from '../../faq/faq-editor.service';
import { BookingOptionsEditor } from '../../tours/booking-options-editor.service';
import { TourEditor } from '../../tours/tour-editor.service';
import { TourOptionWords } from '../../tours/tour-option-words.service';
import { CurrentAdmin, StaffController } from '../auth/admin-jwt.guard';
import type { AuthenticatedAdmin } from '../auth/admin-token';
import { FaqDto, FaqPatchDto, FaqTranslationDto, OptionWordsDto, PostDto, PostPatchDto, PostTranslationDto, StayDto, StayPatchDto, StayTranslationDto, TourDto, TourOrderDto, TourPatchDto, TourTranslationDto } from './dto/content.dto';
import { ImageUploads, MAX_UPLOAD_BYTES } from './image-uploads.service';
import { BookingOptionsDto, PickupPointDto, PickupPointPatchDto } from './dto/booking-options.dto';

/** What multer (memory storage) gives for the one file: the parts read here. */
interface UploadedFileParts {
  buffer: Buffer;
  originalname: string;
}

const TOO_LARGE = `Bilden är för stor: högst ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;

/** Multer stops reading at the size limit; its English answer becomes ours. */
@Injectable()
class UploadLimits implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(TOO_LARGE);
        throw error;
      }),
    );
  }
}

/** The languages content is translated into (English is the content's own row). */
const TRANSLATION_LANGUAGE = new ParseEnumPipe({ sv: 'sv', de: 'de' }, { exceptionFactory: () => new BadRequestException('Språket måste vara sv eller de.') });

/** The catalogue and the blog, edited by staff. Every change is audited and shows on the site at once. */
@StaffController('api/admin')
export class ContentController {
  constructor(
    private readonly tours: TourEditor,
    private readonly posts: PostEditor,
    private readonly faq: FaqEditor,
    private readonly stays: StayEditor,
    private readonly uploads: ImageUploads,
    private readonly bookingOptions: BookingOptionsEditor,
    private readonly tourOptionWords: TourOptionWords,
    private readonly plan: ResourcePlan,
  ) {}

  @Post('uploads')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(UploadLimits, FileInterceptor('file', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } }))
  @ApiOperation({ summary: 'Upload a photo (JPEG, PNG, WebP or HEIC); sizes for srcset are made' })
  upload(@UploadedFile() file: UploadedFileParts | undefined, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<UploadedImageView> {
    if (!file) throw new BadRequestException('Välj en bild att ladda upp (fältet file).');
    return this.uploads.upload(file.buffer, file.originalname, admin.email);
  }

  // ---- tours ----

  @Get('tours')
  @ApiOperation({ summary: 'List every tour, published or not' })
  listTours(): Promise<AdminTranslatedTourView[]> {
    return this.tours.inLanguages.list(this.tours.list());
  }

  @Get('tours/:id')
  @ApiOperation({ summary: 'Read a tour with every field staff edit, and its words in Swedish and German' })
  getTour(@Param('id', ParseIntPipe) id: number): Promise<AdminTranslatedTourView> {
    return this.tours.inLanguages.one(this.tours.get(id));
  }

  @Post('tours')
  @ApiOperation({ summary: 'Add a tour' })
  createTour(@Body() body: TourDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminTranslatedTourView> {
    return this.tours.inLanguages.one(this.tours.create(body, admin.email));
  }

  /** Reorders the site's tour list: ids in the order wanted. */
  @Put('tours/order')
  @ApiOperation({ summary: 'Set the order tours are listed in' })
  orderTours(@Body() body: TourOrderDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminTourView[]> {
    return this.tours.reorder(body.ids, admin.email);
  }

  @Patch('tours/:id')
  @ApiOperation({ summary: 'Change a tour' })
  updateTour(@Param('id', ParseIntPipe) id: number, @Body() body: TourPatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminTranslatedTourView> {
    return this.tours.inLanguages.one(this.tours.update(id, body, admin.email));
  }

  @Put('tours/:id/translations/:lang')
  @ApiOperation({ summary: "Set a tour's words in Swedish (sv) or German (de), the lists a line per item; all empty removes them" })
  translateTour(
    @Param('id', ParseIntPipe) id: number,
    @Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de',
    @Body() body: TourTranslationDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AdminTranslatedTourView> {
    return this.tours.inLanguages.translate(id, lang, body, admin.email);
  }

  @Delete('tours/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a tour nobody has booked' })
  deleteTour(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.tours.remove(id, admin.email);
  }

  @Get('tours/:id/option-words')
  @ApiOperation({ summary: "A tour's price category names and question labels in Swedish and German" })
  optionWords(@Param('id', ParseIntPipe) id: number): Promise<FieldWordsView> {
    return this.tourOptionWords.view(id);
  }

  @Put('tours/:id/option-words/:lang')
  @ApiOperation({ summary: "Set a tour's price category names and question labels in Swedish (sv) or German (de); an empty one is removed" })
  translateOptionWords(
    @Param('id', ParseIntPipe) id: number,
    @Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de',
    @Body() body: OptionWordsDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<FieldWordsView> {
    return this.tourOptionWords.put(id, lang, body.words, admin.email);
  }

  @Get('tours/:id/booking-options')
  @ApiOperation({ summary: "Read what a tour sells and asks: price categories, questions, pickup points, minimum and cutoffs" })
  getBookingOptions(@Param('id', ParseIntPipe) id: number): Promise<TourBookingOptions> {
    return this.bookingOptions.get(id);
  }

  @Put('tours/:id/booking-options')
  @ApiOperation({ summary: "Replace what a tour sells and asks (bookings keep their own party and answers)" })
  putBookingOptions(@Param('id', ParseIntPipe) id: number, @Body() body: BookingOptionsDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<TourBookingOptions> {
    return this.bookingOptions.replace(id, body, admin.email);
  }

  // ---- pickup points ----

  @Get('pickup-points/words')
  @ApiOperation({ summary: "The pickup points' names and addresses in Swedish and German" })
  pickupWords(): Promise<FieldWordsView> {
    return this.tourOptionWords.pickupView();
  }

  @Put('pickup-points/words/:lang')
  @ApiOperation({ summary: "Set the pickup points' names and addresses in Swedish (sv) or German (de); an empty one is removed" })
  translatePickupWords(@Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de', @Body() body: OptionWordsDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<FieldWordsView> {
    return this.tourOptionWords.putPickups(lang, body.words, admin.email);
  }

  @Get('pickup-points')
  @ApiOperation({ summary: 'List every pickup point' })
  listPickupPoints(): Promise<AdminPickupPointView[]> {
    return this.bookingOptions.pickupPoints.list();
  }

  @Post('pickup-points')
  @ApiOperation({ summary: 'Add a pickup point' })
  async createPickupPoint(@Body() body: PickupPointDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminPickupPointView> {
    return this.bookingOptions.pickupPoints.create({ ...body, locationId: await this.bookingOptions.locationId(body.location) }, admin.email);
  }

  @Patch('pickup-points/:id')
  @ApiOperation({ summary: 'Change a pickup point' })
  async updatePickupPoint(@Param('id', ParseIntPipe) id: number, @Body() body: PickupPointPatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminPickupPointView> {
    const locationId = body.location === undefined ? undefined : await this.bookingOptions.locationId(body.location);
    return this.bookingOptions.pickupPoints.update(id, { ...body, ...(locationId === undefined ? {} : { locationId }) }, admin.email);
  }

  // ---- blog ----

  @Get('blog')
  @ApiOperation({ summary: 'List every blog post, drafts and scheduled ones too' })
  listPosts(): Promise<AdminTranslatedPostView[]> {
    return this.posts.inLanguages.list(this.posts.list());
  }

  @Get('blog/:id')
  @ApiOperation({ summary: 'Read a blog post, and its words in Swedish and German' })
  getPost(@Param('id', ParseIntPipe) id: number): Promise<AdminTranslatedPostView> {
    return this.posts.inLanguages.one(this.posts.get(id));
  }

  @Post('blog')
  @ApiOperation({ summary: 'Write a blog post' })
  createPost(@Body() body: PostDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminTranslatedPostView> {
    return this.posts.inLanguages.one(this.posts.create(body, admin.email));
  }

  @Patch('blog/:id')
  @ApiOperation({ summary: 'Change a blog post' })
  updatePost(@Param('id', ParseIntPipe) id: number, @Body() body: PostPatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminTranslatedPostView> {
    return this.posts.inLanguages.one(this.posts.update(id, body, admin.email));
  }

  @Put('blog/:id/translations/:lang')
  @ApiOperation({ summary: "Set a post's title, excerpt and HTML in Swedish (sv) or German (de), kept to the site's allow-list; all empty removes them" })
  translatePost(
    @Param('id', ParseIntPipe) id: number,
    @Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de',
    @Body() body: PostTranslationDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AdminTranslatedPostView> {
    return this.posts.inLanguages.translate(id, lang, { ...body, content: sanitizePostHtml(body.content) }, admin.email);
  }

  @Delete('blog/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a blog post' })
  deletePost(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.posts.remove(id, admin.email);
  }

  // ---- FAQ ----

  @Get('faq')
  @ApiOperation({ summary: 'List the FAQ entries' })
  listFaq(): Promise<AdminFaqView[]> {
    return this.faq.inLanguages.list(this.faq.list());
  }

  @Post('faq')
  @ApiOperation({ summary: 'Add a FAQ entry' })
  createFaq(@Body() body: FaqDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminFaqView> {
    return this.faq.inLanguages.one(this.faq.create(body, admin.email));
  }

  @Patch('faq/:id')
  @ApiOperation({ summary: 'Change a FAQ entry' })
  updateFaq(@Param('id', ParseIntPipe) id: number, @Body() body: FaqPatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminFaqView> {
    return this.faq.inLanguages.one(this.faq.update(id, body, admin.email));
  }

  @Put('faq/:id/translations/:lang')
  @ApiOperation({ summary: "Set a FAQ entry's words in Swedish (sv) or German (de); both empty removes them" })
  translateFaq(
    @Param('id', ParseIntPipe) id: number,
    @Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de',
    @Body() body: FaqTranslationDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AdminFaqView> {
    return this.faq.inLanguages.translate(id, lang, body, admin.email);
  }

  @Delete('faq/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a FAQ entry' })
  deleteFaq(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.faq.remove(id, admin.email);
  }

  // ---- stays ----

  @Get('stays')
  @ApiOperation({ summary: 'List every stay package' })
  listStays(): Promise<AdminStayView[]> {
    return this.stays.inLanguages.list(this.stays.list());
  }

  @Post('stays')
  @ApiOperation({ summary: 'Add a stay package' })
  async createStay(@Body() body: StayDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminStayView> {
    await this.plan.assertRoomKind(body.roomKindId);
    return this.stays.inLanguages.one(this.stays.create(body, admin.email));
  }

  @Patch('stays/:id')
  @ApiOperation({ summary: 'Change a stay package' })
  async updateStay(@Param('id', ParseIntPipe) id: number, @Body() body: StayPatchDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<AdminStayView> {
    await this.plan.assertRoomKind(body.roomKindId);
    return this.stays.inLanguages.one(this.stays.update(id, body, admin.email));
  }

  @Put('stays/:id/translations/:lang')
  @ApiOperation({ summary: "Set a stay's name and description in Swedish (sv) or German (de); all empty removes them" })
  translateStay(
    @Param('id', ParseIntPipe) id: number,
    @Param('lang', TRANSLATION_LANGUAGE) lang: 'sv' | 'de',
    @Body() body: StayTranslationDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<AdminStayView> {
    return this.stays.inLanguages.translate(id, lang, body, admin.email);
  }

  @Delete('stays/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a stay package' })
  deleteStay(@Param('id', ParseIntPipe) id: number, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<void> {
    return this.stays.remove(id, admin.email);
  }
}
