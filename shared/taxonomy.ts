/** Spec section 9's categories, in the dropdown's order, with their landing slugs under /tours/. */
export const CATEGORIES = [
  { name: 'Dogsledding', slug: 'dog-sledding' },
  { name: 'Snowmobile', slug: 'snowmobile' },
  { name: 'Car Tours', slug: 'car-tours' },
  { name: 'Ice Fishing', slug: 'ice-fishing' },
  { name: 'Northern Lights', slug: 'northern-lights' },
  { name: 'Reindeer', slug: 'reindeer-sledding' },
  { name: 'Sami Culture', slug: 'sami-culture' },
  { name: 'Ice Climbing', slug: 'ice-climbing' },
  { name: 'Winter', slug: 'winter' },
  { name: 'Summer', slug: 'summer' },
  { name: 'Family Friendly', slug: 'family-friendly' },
  { name: 'BBQ', slug: 'bbq' },
  { name: 'Moose Spotting', slug: 'moose-spotting' },
  { name: 'Snowshoe Hiking', slug: 'snowshoe-hiking' },
] as const;

export const LOCATIONS = [
  { name: 'Kiruna', slug: 'kiruna' },
  { name: 'Abisko', slug: 'abisko' },
] as const;

export type CategoryName = (typeof CATEGORIES)[number]['name'];
export type LocationName = (typeof LOCATIONS)[number]['name'];

export const MAX_GROUP_SIZE = 8;

/** How far ahead departures are sold and listed: the departures API answers at most this many days. */
export const BOOKABLE_DAYS_AHEAD = 400;

/** Old and short paths that move elsewhere (spec section 2), answered before any page renders. */
export const ADMIN_BASE = '/secure-admin-42';
export const LEGACY_REDIRECTS: Record<string, string> = {
  '/login/': `${ADMIN_BASE}/login/`,
  '/admin/': `${ADMIN_BASE}/login/`,
  '/admin/dashboard/': `${ADMIN_BASE}/dashboard/`,
  '/admin/bookings/': `${ADMIN_BASE}/bookings/`,
  '/admin/tour-dates/': `${ADMIN_BASE}/tour-dates/`,
  '/admin/chat-logs/': `${ADMIN_BASE}/chat-logs/`,
};

/** The legacy redirect for a path, with or without its trailing slash. */
export function legacyRedirect(pathname: string): string | undefined {
  return LEGACY_REDIRECTS[pathname.endsWith('/') ? pathname : `${pathname}/`];
}

