import { InitialSchema1763790000000 } from './1763790000000-InitialSchema';
import { AdminLoginLockout1763900000000 } from './1763900000000-AdminLoginLockout';
import { BookingCore1795300000000 } from './1795300000000-BookingCore';
import { ManagedBookings1795400000000 } from './1795400000000-ManagedBookings';
import { StaffAccessAndPrivacy1795500000000 } from './1795500000000-StaffAccessAndPrivacy';
import { StaffContent1795600000000 } from './1795600000000-StaffContent';
import { PriceCategories1795700000000 } from './1795700000000-PriceCategories';
import { QuestionsPickupsMinimum1795800000000 } from './1795800000000-QuestionsPickupsMinimum';
import { BookingEvents1795900000000 } from './1795900000000-BookingEvents';
import { ChatUnanswered1796000000000 } from './1796000000000-ChatUnanswered';
import { Resellers1796100000000 } from './1796100000000-Resellers';
import { BookingLanguage1796200000000 } from './1796200000000-BookingLanguage';
import { ContentTranslations1796300000000 } from './1796300000000-ContentTranslations';
import { GuideOffers1796400000000 } from './1796400000000-GuideOffers';
import { TranslationFieldLength1796500000000 } from './1796500000000-TranslationFieldLength';
import { SkyFeeds1796600000000 } from './1796600000000-SkyFeeds';
import { WeatherCalls1796700000000 } from './1796700000000-WeatherCalls';
import { BookingPayments1796800000000 } from './1796800000000-BookingPayments';
import { FaqCancellationAnswer1796900000000 } from './1796900000000-FaqCancellationAnswer';
import { BookingEventNotices1797000000000 } from './1797000000000-BookingEventNotices';
import { BookingStayRooms1797100000000 } from './1797100000000-BookingStayRooms';
import { ResellerHeldSeats1797300000000 } from './1797300000000-ResellerHeldSeats';
import { ResellerNotes1797400000000 } from './1797400000000-ResellerNotes';
import { ResellerWebhooks1797500000000 } from './1797500000000-ResellerWebhooks';
import { PriceCategoryBundles1797600000000 } from './1797600000000-PriceCategoryBundles';
import { GuideSpend1797200000000 } from './1797200000000-GuideSpend';

/** In order; every schema change is a new file here, never an edit of an old one. */
export const MIGRATIONS = [InitialSchema1763790000000, AdminLoginLockout1763900000000, BookingCore1795300000000, ManagedBookings1795400000000, StaffAccessAndPrivacy1795500000000, StaffContent1795600000000, PriceCategories1795700000000, QuestionsPickupsMinimum1795800000000, BookingEvents1795900000000, ChatUnanswered1796000000000, Resellers1796100000000, BookingLanguage1796200000000, ContentTranslations1796300000000, GuideOffers1796400000000, TranslationFieldLength1796500000000, SkyFeeds1796600000000, WeatherCalls1796700000000, BookingPayments1796800000000, FaqCancellationAnswer1796900000000, BookingEventNotices1797000000000, BookingStayRooms1797100000000, GuideSpend1797200000000, ResellerHeldSeats1797300000000, ResellerNotes1797400000000, ResellerWebhooks1797500000000, PriceCategoryBundles1797600000000];
