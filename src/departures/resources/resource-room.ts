/**
 * The arithmetic of shared resources (issue 50), with no database: what a departure's party needs
 * of a kind, how much of a pool other departures use over its time span, and so the seats its
 * resources still allow. ResourceRooms (resource-rooms.ts) reads the rows and asks these.
 */

/** What one departure of a tour needs of a kind (tour_resource_needs; a vehicle's seats already put in `perUnits`). */
export interface NeedRule {
  kindId: number;
  fixed: number;
  perUnits: number | null;
  categories: readonly string[] | null;
}

/** Seats, and (when known) the seats of each price category; a booking from before categories has none, and all its seats count. */
export interface Party {
  seats: number;
  byCategory?: Readonly<Record<string, number>>;
}

/** A time span in ms, [startsAt, endsAt). */
export interface Span {
  startsAt: number;
  endsAt: number;
}

export const NO_ONE: Party = { seats: 0, byCategory: {} };

/** Two parties as one (a departure's bookings together). */
export function joinParties(a: Party, b: Party): Party {
  if (!a.byCategory || !b.byCategory) return { seats: a.seats + b.seats };
  const byCategory: Record<string, number> = { ...a.byCategory };
  for (const [code, seats] of Object.entries(b.byCategory)) byCategory[code] = (byCategory[code] ?? 0) + seats;
  return { seats: a.seats + b.seats, byCategory };
}

/** The seats of a party that a rule counts. */
export function unitsOf(rule: NeedRule, party: Party): number {
  if (!rule.categories || !party.byCategory) return party.seats;
  return rule.categories.reduce((sum, code) => sum + (party.byCategory?.[code] ?? 0), 0);
}

/** Items a departure with this party needs: none while nobody is booked, else the fixed ones and one per `perUnits` counted seats. */
export function needOf(rule: NeedRule, party: Party): number {
  if (party.seats <= 0) return 0;
  return rule.fixed + (rule.perUnits ? Math.ceil(unitsOf(rule, party) / rule.perUnits) : 0);
}

export const overlaps = (a: Span, b: Span): boolean => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** The most items the other uses hold at any one moment of `span` (uses that only touch its ends hold none). */
export function peakUse(span: Span, uses: readonly (Span & { need: number })[]): number {
  const inside = uses.filter((use) => use.need > 0 && overlaps(use, span));
  // The count changes only where a use starts: the peak is at span's start or at one of those.
  const moments = [span.startsAt, ...inside.map((use) => use.startsAt).filter((at) => at > span.startsAt)];
  let peak = 0;
  for (const at of moments) {
    const held = inside.reduce((sum, use) => sum + (use.startsAt <= at && at < use.endsAt ? use.need : 0), 0);
    peak = Math.max(peak, held);
  }
  return peak;
}

/** Items in service over the whole of `span`: one out at any moment of it cannot be promised. */
export function itemsInService(items: readonly { outages: readonly Span[] }[], span: Span): number {
  return items.filter((item) => !item.outages.some((outage) => overlaps(outage, span))).length;
}

/**
 * Counted seats a departure can still take under one rule, with `free` items left to it by the
 * others and `own` its party so far: Infinity when the rule never runs out (fixed items only,
 * and they are there).
 */
export function unitsLeft(rule: NeedRule, free: number, own: Party): number {
  if (free < rule.fixed) return 0;
  if (!rule.perUnits) return Number.POSITIVE_INFINITY;
  return Math.max(0, (free - rule.fixed) * rule.perUnits - unitsOf(rule, own));
}

/** What one rule leaves a departure: its counted seats left; with the items its party needs now and those the others leave it (fewer: a conflict staff must solve). */
export interface KindRoom {
  rule: NeedRule;
  unitsLeft: number;
  need?: number;
  free?: number;
}

/**
 * The seats left on a departure with `capacityLeft` by its own capacity and `rooms` by its
 * resources. Without a party: the fewest any rule allows, as if every seat counted (what a
 * calendar shows). With one: `capacityLeft` when the party fits every rule, else the counted
 * seats left under the first it does not fit (fewer than the party's seats, so a check refuses).
 */
export function seatsLeftWith(capacityLeft: number, rooms: readonly KindRoom[], party?: Party): number {
  if (!party) return Math.min(capacityLeft, ...rooms.map((room) => room.unitsLeft));
  const short = rooms.find((room) => unitsOf(room.rule, party) > room.unitsLeft);
  return short ? Math.min(capacityLeft, short.unitsLeft) : capacityLeft;
}
