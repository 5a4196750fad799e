import { randomUUID } from 'node:crypto';

import { ArgumentsHost, Body, Catch, CallHandler, Controller, createParamDecorator, Delete, ExceptionFilter, ExecutionContext, Get, HttpCode, Injectable, Logger, NestInterceptor, Param, Patch, Post, Query, UseFilters, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import type { TourDetail } from '../../shared/api-types';
import { COMPANY } from '../../shared/company';
import type { Booking } from '../bookings/booking.entity';
import { PERSON_NAME } from '../bookings/dto/create-booking.dto';
import { OctoBookingViews } from './octo-booking-views';
import { ResellerWebhooks } from './reseller-webhooks.service';
import { ResellerBookings, type ResellerCaller, type ResellerContact, type ResellerOptions } from '../bookings/lifecycle/reseller-bookings.service';
import { AppConfig } from '../config/app-config';
import { kirunaMidnight, OctoCatalogue, type OctoView } from './octo-catalogue';
import { answersFromOcto, askedCapabilities, capabilityList, contentLanguage, requestedPickup } from './octo-capabilities';
import { OctoError, toOctoError } from './octo-errors';
import type { OctoBooking } from './octo-types';
import { OctoAuthGuard, resellerOf } from './octo-auth.guard';
import { OctoAvailabilityCalendarDto, OctoAvailabilityDto, OctoBookingsQuery, OctoCancelDto, OctoConfirmDto, OctoContactDto, OctoExtendDto, OctoReserveDto, OctoUpdateDto, OctoWebhookDto } from './dto/octo.dto';
import type { Reseller } from './reseller.entity';
import { preferredLanguage } from '../../shared/languages';
import { partyItems, partyKey } from '../../shared/pricing';
import { clock } from '../common/clock';

/** How long a reservation holds its seats when the reseller does not say (OCTO's usual 30 minutes). */
const DEFAULT_EXPIRATION_MINUTES = 30;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every answer names the capabilities it was made with (of those asked for), and with octo/content the language of its words. */
@Injectable()
class OctoCapabilitiesHeader implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const view = viewOf(context.switchToHttp().getRequest<Request>());
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('Octo-Capabilities', [...view.capabilities].join(', '));
    if (view.capabilities.has('octo/content')) response.setHeader('Content-Language', view.lang);
    return next.handle();
  }
}

/** What a request asks to see: its Octo-Capabilities, and with octo/content its Accept-Language. */
function viewOf(request: Request): OctoView {
  const capabilities = askedCapabilities(request.headers['octo-capabilities']);
  return { capabilities, lang: capabilities.has('octo/content') ? contentLanguage(request.headers['accept-language']) : 'en' };
}

/** The view OctoCapabilitiesHeader answered with. */
const View = createParamDecorator((_data: unknown, context: ExecutionContext): OctoView => viewOf(context.switchToHttp().getRequest<Request>()));

/** A request's pickup and answers (octo/pickups, octo/questions) as the booking takes them; absent ones stay as they are. */
function optionsOf(tour: TourDetail, body: { pickupRequested?: boolean; pickupPointId?: string | null; pickupHotel?: string | null; questionAnswers?: { questionId: string; value: string | null }[]; unitItems?: { questionAnswers?: { questionId: string; value: string | null }[] }[] }): ResellerOptions {
  const pickupPointId = requestedPickup(body);
  const answers = answersFromOcto(tour.questions, body.questionAnswers, body.unitItems);
  return {
    ...(pickupPointId !== undefined ? { pickupPointId } : {}),
    ...(body.pickupHotel !== undefined ? { pickupHotel: body.pickupHotel } : {}),
    ...(answers !== undefined ? { answers } : {}),
  };
}

/** Errors as OCTO defines them: `{ error, errorMessage }` with its codes; a 500 only for our own faults, logged. */
@Catch()
export class OctoExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('OCTO');

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toOctoError(exception);
    if (status >= 500) this.logger.error(`${request.method} ${request.originalUrl}`, (exception as Error)?.stack);
    if (!response.headersSent) response.status(status).json(body);
  }
}

/** The reseller's name for the guest: the full name, or first and last; refused when it is not a person's name. */
function guestName(contact: OctoContactDto | undefined): string | null {
  const name = (contact?.fullName || [contact?.firstName, contact?.lastName].filter(Boolean).join(' ')).trim();
  if (!name) return null;
  if (!PERSON_NAME.test(name)) throw new OctoError('BAD_REQUEST', "contact's name must be a person's name, without line breaks or web addresses.");
  return name;
}

const contactOf = (contact: OctoContactDto | undefined): ResellerContact => {
  // OCTO's locales are the guest's languages, best first ("de-AT", "sv"): the first the site speaks.
  const language = contact?.locales && preferredLanguage(contact.locales);
  return {
    name: guestName(contact),
    ...(contact?.emailAddress !== undefined ? { email: contact.emailAddress } : {}),
    ...(contact?.phoneNumber !== undefined ? { phone: contact.phoneNumber || null } : {}),
    ...(language ? { language } : {}),
    ...(contact?.notes !== undefined ? { notes: contact.notes } : {}),
  };
};

/** The reseller OctoAuthGuard found for the request. */
const ReqReseller = createParamDecorator((_data: unknown, context: ExecutionContext): Reseller => resellerOf(context.switchToHttp().getRequest<Request>()));

const caller = (reseller: Reseller): ResellerCaller => ({ id: reseller.id, name: reseller.name, heldSeats: reseller.heldSeats });

/**
 * The OCTO supplier API (core, octo/pricing, octo/pickups, octo/questions, octo/content) for resellers: the catalogue, availability, and
 * bookings through the same lifecycle, seat rule and departure locks as the site's own.
 */
@ApiExcludeController()
@UseGuards(OctoAuthGuard)
@UseFilters(OctoExceptionFilter)
@UseInterceptors(OctoCapabilitiesHeader)
@Controller('octo')
export class OctoController {
  constructor(
    private readonly catalogue: OctoCatalogue,
    private readonly bookings: ResellerBookings,
    private readonly config: AppConfig,
    private readonly views: OctoBookingViews,
    private readonly webhooks: ResellerWebhooks,
  ) {}

  @Get('supplier')
  supplier() {
    return {
      id: 'norrsken-arctic-tours',
      name: COMPANY.name,
      endpoint: `${this.config.publicUrl}/octo`,
      contact: { website: this.config.publicUrl, email: COMPANY.email, telephone: COMPANY.phone, address: COMPANY.address },
    };
  }

  /** The capabilities this API implements beyond core (a request names those it wants in Octo-Capabilities). */
  @Get('capabilities')
  capabilities() {
    return capabilityList();
  }

  /** octo/webhooks: the reseller's webhooks; a new one answers its signing secret, this once. */
  @Get('webhooks')
  webhookList(@ReqReseller() reseller: Reseller) {
    return this.webhooks.list(reseller);
  }

  @Post('webhooks')
  @HttpCode(200)
  registerWebhook(@ReqReseller() reseller: Reseller, @Body() body: OctoWebhookDto) {
    return this.webhooks.register(reseller, body);
  }

  @Delete('webhooks/:id')
  removeWebhook(@ReqReseller() reseller: Reseller, @Param('id') id: string) {
    return this.webhooks.remove(reseller, id);
  }

  @Get('products')
  products(@ReqReseller() reseller: Reseller, @View() view: OctoView) {
    return this.catalogue.products(reseller, view);
  }

  @Get('products/:id')
  product(@ReqReseller() reseller: Reseller, @Param('id') id: string, @View() view: OctoView) {
    return this.catalogue.product(reseller, id, view);
  }

  @Post('availability/calendar')
  @HttpCode(200)
  calendar(@ReqReseller() reseller: Reseller, @Body() body: OctoAvailabilityCalendarDto) {
    return this.catalogue.calendar(reseller, body);
  }

  @Post('availability')
  @HttpCode(200)
  availability(@ReqReseller() reseller: Reseller, @Body() body: OctoAvailabilityDto, @View() view: OctoView) {
    const byDates = body.localDateStart !== undefined || body.localDateEnd !== undefined;
    if (body.availabilityIds?.length ? byDates : !(body.localDateStart && body.localDateEnd)) throw new OctoError('BAD_REQUEST', 'Give either availabilityIds, or localDateStart and localDateEnd: one of the two.');
    return this.catalogue.availability(reseller, body, view);
  }

  /** Reserve: seats held (ON_HOLD) until utcExpiresAt; the same uuid again answers the same booking. */
  @Post('bookings')
  @HttpCode(200)
  async reserve(@ReqReseller() reseller: Reseller, @Body() body: OctoReserveDto, @View() view: OctoView): Promise<OctoBooking> {
    const uuid = (body.uuid ?? randomUUID()).toLowerCase();
    const existing = await this.bookings.find(caller(reseller), uuid);
    if (existing) return this.answer(reseller, existing, view);
    const tour = await this.catalogue.tour(reseller, body.productId);
    this.catalogue.assertOption(body.optionId);
    const departure = await this.catalogue.departure(tour, body.availabilityId);
    const party = this.catalogue.partyOf(tour, body.unitItems);
    const now = clock.now();
    try {
      const booking = await this.bookings.hold(
        caller(reseller),
        {
          uuid,
          departureId: departure.id,
          party,
          expiresAt: new Date(now.getTime() + (body.expirationMinutes ?? DEFAULT_EXPIRATION_MINUTES) * 60_000),
          resellerReference: body.resellerReference ?? null,
          notes: body.notes ?? null,
          contact: contactOf(body.contact),
          options: optionsOf(tour, body),
        },
        now,
      );
      return this.answer(reseller, booking, view);
    } catch (error) {
      // The same uuid reserved at the same moment on another replica: that booking is the answer.
      const raced = await this.bookings.find(caller(reseller), uuid);
      if (raced) return this.answer(reseller, raced, view);
      throw error;
    }
  }

  @Get('bookings')
  async list(@ReqReseller() reseller: Reseller, @Query() query: OctoBookingsQuery, @View() view: OctoView): Promise<OctoBooking[]> {
    const from = query.localDate ?? query.localDateStart;
    const to = query.localDate ?? query.localDateEnd;
    if (!query.resellerReference && !query.supplierReference && !(from && to)) {
      throw new OctoError('BAD_REQUEST', 'Give resellerReference, supplierReference, localDate, or localDateStart and localDateEnd.');
    }
    const found = await this.bookings.search(caller(reseller), {
      resellerReference: query.resellerReference,
      reference: query.supplierReference,
      ...(from && to ? { startsFrom: kirunaMidnight(from), startsBefore: new Date(kirunaMidnight(to).getTime() + DAY_MS) } : {}),
    });
    const tours = new Map<string, Promise<TourDetail>>();
    return Promise.all(found.map((booking) => this.answer(reseller, booking, view, tours)));
  }

  @Get('bookings/:uuid')
  async get(@ReqReseller() reseller: Reseller, @Param('uuid') uuid: string, @View() view: OctoView): Promise<OctoBooking> {
    return this.answer(reseller, await this.booking(reseller, uuid), view);
  }

  /**
   * The booking's details, and its product, availability and units (OCTO's change of date,
   * product or party): moved under the same seat rule as a new reservation.
   */
  @Patch('bookings/:uuid')
  async update(@ReqReseller() reseller: Reseller, @Param('uuid') uuid: string, @Body() body: OctoUpdateDto, @View() view: OctoView): Promise<OctoBooking> {
    let booking = await this.booking(reseller, uuid);
    if (body.optionId !== undefined) this.catalogue.assertOption(body.optionId);
    booking = await this.rebook(reseller, booking, body);
    if (body.expirationMinutes !== undefined) booking = await this.bookings.extend(caller(reseller), booking, new Date(clock.now().getTime() + body.expirationMinutes * 60_000));
    const options = optionsOf(await this.catalogue.tour(reseller, String(booking.departure!.tourId)), body);
    const details = {
      ...(body.contact ? { contact: contactOf(body.contact) } : {}),
      ...(body.resellerReference !== undefined ? { resellerReference: body.resellerReference } : {}),
      ...(body.emailReceipt !== undefined ? { emailReceipt: body.emailReceipt } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(Object.keys(options).length > 0 ? { options } : {}),
    };
    // A change of date or units alone writes nothing more (and audits nothing more).
    const moved = body.productId !== undefined || body.availabilityId !== undefined || body.unitItems !== undefined || body.expirationMinutes !== undefined;
    if (Object.keys(details).length > 0 || !moved) booking = await this.bookings.update(caller(reseller), booking, details);
    return this.answer(reseller, booking, view);
  }

  @Post('bookings/:uuid/extend')
  @HttpCode(200)
  async extend(@ReqReseller() reseller: Reseller, @Param('uuid') uuid: string, @Body() body: OctoExtendDto, @View() view: OctoView): Promise<OctoBooking> {
    const booking = await this.booking(reseller, uuid);
    const minutes = body.expirationMinutes ?? DEFAULT_EXPIRATION_MINUTES;
    return this.answer(reseller, await this.bookings.extend(caller(reseller), booking, new Date(clock.now().getTime() + minutes * 60_000)), view);
  }

  @Post('bookings/:uuid/confirm')
  @HttpCode(200)
  async confirm(@ReqReseller() reseller: Reseller, @Param('uuid') uuid: string, @Body() body: OctoConfirmDto, @View() view: OctoView): Promise<OctoBooking> {
    let booking = await this.booking(reseller, uuid);
    const contact = contactOf(body.contact);
    if (!contact.name && booking.status === 'held') throw new OctoError('BAD_REQUEST', 'contact needs the guest\'s fullName, or firstName and lastName.');
    // Units given at confirmation replace the reservation's (OCTO lets a reseller settle the party then).
    if (booking.status === 'held') booking = await this.rebook(reseller, booking, { unitItems: body.unitItems });
    const confirmed = await this.bookings.confirm(caller(reseller), booking, {
      contact,
      options: optionsOf(await this.catalogue.tour(reseller, String(booking.departure!.tourId)), body),
      emailReceipt: body.emailReceipt ?? false,
      ...(body.resellerReference !== undefined ? { resellerReference: body.resellerReference } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
    });
    return this.answer(reseller, confirmed, view);
  }

  @Post('bookings/:uuid/cancel')
  @HttpCode(200)
  async cancel(@ReqReseller() reseller: Reseller, @Param('uuid') uuid: string, @Body() body: OctoCancelDto, @View() view: OctoView): Promise<OctoBooking> {
    const booking = await this.booking(reseller, uuid);
    return this.answer(reseller, await this.bookings.cancel(caller(reseller), booking, body.reason ?? null), view);
  }

  /**
   * A booking moved to the product, availability and units a request names (each absent: as it
   * is); nothing is written when they are the booking's own.
   */
  private async rebook(reseller: Reseller, booking: Booking, asked: { productId?: string; availabilityId?: string; unitItems?: { unitId: string }[] }): Promise<Booking> {
    if (asked.productId === undefined && asked.availabilityId === undefined && asked.unitItems === undefined) return booking;
    const tour = await this.catalogue.tour(reseller, asked.productId ?? String(booking.departure!.tourId));
    const departureId = asked.availabilityId !== undefined ? (await this.catalogue.departure(tour, asked.availabilityId)).id : booking.departureId;
    if (asked.availabilityId === undefined && tour.id !== booking.departure!.tourId) throw new OctoError('BAD_REQUEST', 'A change of product needs the availabilityId on that product.');
    const party = asked.unitItems !== undefined ? this.catalogue.partyOf(tour, asked.unitItems) : partyItems(booking.party ?? []);
    if (departureId === booking.departureId && partyKey(party) === partyKey(partyItems(booking.party ?? []))) return booking;
    return this.bookings.change(caller(reseller), booking, { departureId, party });
  }

  /** The reseller's booking a uuid names; INVALID_BOOKING_UUID otherwise (another reseller's too). */
  private async booking(reseller: Reseller, uuid: string): Promise<Booking> {
    const booking = UUID.test(uuid) ? await this.bookings.find(caller(reseller), uuid) : null;
    if (!booking) throw new OctoError('INVALID_BOOKING_UUID', `There is no booking ${uuid} of yours.`, { uuid });
    return booking;
  }

  private answer(reseller: Reseller, booking: Booking, view: OctoView, tours?: Map<string, Promise<TourDetail>>): Promise<OctoBooking> {
    return this.views.booking(reseller, booking, view, tours);
  }
}

