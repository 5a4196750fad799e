import { AdminUser } from '../admin/admin-user.entity';
import { AuditLogEntry } from '../common/audit/audit-log-entry.entity';
import { ContentTranslation } from '../common/i18n/content-translation.entity';
import { FailedLogin, LoginThrottle } from '../admin/auth/login-throttle.entity';
import { BlogPost } from '../blog/blog-post.entity';
import { BookingEvent } from '../bookings/booking-event.entity';
import { BookingPayment } from '../bookings/booking-payment.entity';
import { BookingRefund } from '../bookings/booking-refund.entity';
import { Booking } from '../bookings/booking.entity';
import { CheckInAction } from '../bookings/check-in/check-in-action.entity';
import { GuestLock } from '../bookings/guest-lock.entity';
import { StayPackage } from '../bookings/stay-package.entity';
import { ChatConversation } from '../chat/chat-conversation.entity';
import { ChatMessage } from '../chat/chat-message.entity';
import { GuideSpend } from '../chat/guide-spend.entity';
import { ContactMessage } from '../contact/contact-message.entity';
import { FaqItem } from '../faq/faq-item.entity';
import { OutboxMail } from '../mail/outbox-mail.entity';
import { PaymentEvent } from '../bookings/payment-event.entity';
import { Category } from '../tours/category.entity';
import { Departure } from '../departures/departure.entity';
import { Location } from '../tours/location.entity';
import { TourSlugRedirect } from '../tours/tour-slug-redirect.entity';
import { PickupPoint } from '../tours/pickup-point.entity';
import { PriceCategory } from '../tours/price-category.entity';
import { TourQuestion } from '../tours/tour-question.entity';
import { Tour } from '../tours/tour.entity';
import { Reseller } from '../octo/reseller.entity';
import { ResellerWebhook } from '../octo/reseller-webhook.entity';
import { WebhookDelivery } from '../octo/webhook-delivery.entity';
import { SkyFeed } from '../sky/sky-feed.entity';
import { MoveOffer } from '../bookings/move-offer.entity';
import { WeatherCall } from '../bookings/weather-call.entity';
import { GiftCard } from '../gift-cards/gift-card.entity';
import { GiftCardEntry } from '../gift-cards/gift-card-entry.entity';
import { PromoCode } from '../promo-codes/promo-code.entity';
import { WaitlistEntry } from '../waitlist/waitlist-entry.entity';
import { MailOptOut } from '../mail/mail-opt-out.entity';
import { Rating } from '../reviews/rating.entity';
import { DepartureAssignment } from '../departures/resources/departure-assignment.entity';
import { ResourceKind } from '../departures/resources/resource-kind.entity';
import { ResourceOutage } from '../departures/resources/resource-outage.entity';
import { Resource } from '../departures/resources/resource.entity';
import { TourResourceNeed } from '../departures/resources/tour-resource-need.entity';

export const ENTITIES = [
  Location,
  Category,
  Tour,
  PriceCategory,
  PickupPoint,
  TourQuestion,
  TourSlugRedirect,
  Departure,
  ResourceKind,
  Resource,
  ResourceOutage,
  TourResourceNeed,
  DepartureAssignment,
  StayPackage,
  Reseller,
  ResellerWebhook,
  WebhookDelivery,
  Booking,
  CheckInAction,
  BookingEvent,
  BookingPayment,
  BookingRefund,
  GuestLock,
  OutboxMail,
  PaymentEvent,
  BlogPost,
  FaqItem,
  ContentTranslation,
  ContactMessage,
  AdminUser,
  AuditLogEntry,
  LoginThrottle,
  FailedLogin,
  ChatConversation,
  ChatMessage,
  GuideSpend,
  SkyFeed,
  WeatherCall,
  MoveOffer,
  GiftCard,
  GiftCardEntry,
  PromoCode,
  WaitlistEntry,
  MailOptOut,
  Rating,
];
