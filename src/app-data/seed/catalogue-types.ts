import type { TimeOfDay } from '../../tours/tour.entity';

export interface TourSeed {
  slug: string;
  title: string;
  shortDescription: string;
  description: string;
  artwork: string;
  imageAlt: string;
  isMain?: boolean;
  durationMinutes: number;
  priceSek: number;
  sortOrder: number | null;
  pickupPlaces: string[];
  highlights: string[];
  included: string[];
  whatToBring: string[];
  meetingPoint: string;
  season: string;
  seasonMonths: number[];
  timeOfDay: TimeOfDay;
  /** Local start times (Europe/Stockholm), HH:MM. */
  startTimes: string[];
  /** Days of the week it runs, 0 = Sunday. */
  weekdays: number[];
  minAge?: number;
  categories: string[];
  locations: ('Kiruna' | 'Abisko')[];
}
