import { BookingWriter } from './booking-writer';
import { Cancellations } from './cancellations';
import { ChangePlans } from './change-plans';
import { GuestChanges } from './guest-changes.service';
import { HoldCheckout } from './hold-checkout.service';
import { NewBookings } from './new-bookings';
import { PromoRedemption } from './promo-redemption';
import { Refunds } from './refunds.service';
import { Reminders } from './reminders.service';
import { ResellerBookings } from './reseller-bookings.service';
import { StaffActions } from './staff-actions.service';
import { WeatherCalls } from './weather-calls.service';

/** The booking lifecycle: the writer and the use cases that decide what it writes. */
export const LIFECYCLE = [BookingWriter, Cancellations, ChangePlans, NewBookings, PromoRedemption, HoldCheckout, GuestChanges, StaffActions, Refunds, Reminders, ResellerBookings, WeatherCalls];
