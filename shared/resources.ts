/**
 * Resources (issue 50): what departures share. Equipment and vehicles are pools that cap the
 * seats of every departure using them at the same time; rooms are counted by the night; guides
 * are assigned by staff, each to one departure at a time.
 */
export const RESOURCE_TYPES = ['equipment', 'vehicle', 'room', 'guide'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** Pools: what caps the seats a departure can sell. */
export const POOL_TYPES: readonly ResourceType[] = ['equipment', 'vehicle'];

/** A guide's skills, with what staff read (Swedish admin). */
export const SKILLS = {
  snowmobile: 'Snöskoterkort',
  firstAid: 'Första hjälpen',
  dogs: 'Hundförare',
  sv: 'Svenska',
  en: 'Engelska',
  de: 'Tyska',
  fr: 'Franska',
} as const;
export type Skill = keyof typeof SKILLS;

export interface ResourceKindView {
  id: number;
  name: string;
  type: ResourceType;
  seatsEach: number | null;
  turnaroundMinutes: number;
}

export interface ResourceOutageView {
  id: number;
  startsAt: string;
  endsAt: string;
  reason: string;
}

export interface ResourceView {
  id: number;
  kindId: number;
  name: string;
  skills: string[];
  isActive: boolean;
  /** A guide's staff login: the guide app shows that login this guide's departures. */
  staffEmail: string | null;
  outages: ResourceOutageView[];
}

export interface TourResourceNeedView {
  id: number;
  tourId: number;
  kindId: number;
  fixed: number;
  perUnits: number | null;
  categories: string[] | null;
  skills: string[] | null;
}

/** A departure's guides and what it still lacks (staff's view). */
export interface DepartureCrewView {
  departureId: number;
  assigned: { resourceId: number; name: string; kindId: number }[];
  /** Guides the departure should have for the guests booked (0 when none are booked). */
  guidesNeeded: number;
  /** Free and qualified guides staff may assign (the suggestion). */
  suggestions: { resourceId: number; name: string }[];
}

/** A departure on the resource board. */
export interface BoardDeparture {
  id: number;
  tourId: number;
  tourTitle: string;
  startsAt: string;
  endsAt: string;
  booked: number;
  capacity: number;
}

/** What a row shows of one departure: an item on it, or a pool's items it needs of those the others leave; `conflict` in staff's words. */
export interface BoardCell {
  departureId: number;
  need?: number;
  free?: number;
  conflict: string | null;
}

/** A row of the board: one guide or vehicle (assigned by staff), or one pool kind (taken by the bookings). */
export interface BoardRow {
  key: string;
  label: string;
  type: ResourceType;
  /** The item a row stands for (null: a pool kind's row). */
  resourceId: number | null;
  cells: BoardCell[];
  out: ResourceOutageView[];
}

export interface ResourceBoardView {
  from: string;
  to: string;
  departures: BoardDeparture[];
  rows: BoardRow[];
  /** Departures with guests and fewer guides than they need. */
  unguided: number[];
}
