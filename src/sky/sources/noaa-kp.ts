/**
 * NOAA SWPC's planetary Kp index (public domain): the 3-day forecast, 3-hour slots, and the
 * observed index. Until about 2026-03-31 both were a list of rows with a header row first
 * (`["time_tag","kp","observed","noaa_scale"]`, values as text); since then a list of objects
 * (`{time_tag, kp, observed, noaa_scale}`; the observed product's objects name it `Kp`). Both
 * are read; a slot without a usable time or index is left out.
 */

export type KpKind = 'observed' | 'estimated' | 'predicted';

export interface KpSlot {
  /** The 3-hour slot's start, UTC, ISO. */
  start: string;
  kp: number;
  kind: KpKind;
}

export const KP_FORECAST_URL = 'https://services.swpc.noaa.gov/products/noaa-planetary-k-index-forecast.json';
export const KP_OBSERVED_URL = 'https://services.swpc.noaa.gov/products/noaa-planetary-k-index.json';

const KINDS: readonly KpKind[] = ['observed', 'estimated', 'predicted'];

/** "2026-11-24 03:00:00", "2026-11-24 03:00:00.000", "2026-11-24T03:00:00" and "…Z": all UTC. */
function utcTime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?Z?$/.exec(value.trim());
  if (!match) return undefined;
  const time = new Date(`${match[1]}T${match[2]}:${match[3] ?? '00'}Z`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

function kpValue(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 && number <= 9 ? Math.round(number * 100) / 100 : undefined;
}

/** The rows of either format as records: the old format's header row names the columns. */
function records(body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body) || body.length === 0) return [];
  if (Array.isArray(body[0])) {
    const header = (body[0] as unknown[]).map((name) => String(name).toLowerCase());
    return body.slice(1).filter(Array.isArray).map((row) => Object.fromEntries(header.map((name, index) => [name, (row as unknown[])[index]])));
  }
  return body.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key.toLowerCase(), value])));
}

function slots(body: unknown, kindOf: (row: Record<string, unknown>) => KpKind): KpSlot[] {
  const found = new Map<string, KpSlot>();
  for (const row of records(body)) {
    const start = utcTime(row.time_tag);
    const kp = kpValue(row.kp);
    if (start && kp !== undefined) found.set(start, { start, kp, kind: kindOf(row) });
  }
  return [...found.values()].sort((a, b) => a.start.localeCompare(b.start));
}

/** The 3-day forecast: observed, estimated and predicted slots. */
export function parseKpForecast(body: unknown): KpSlot[] {
  return slots(body, (row) => KINDS.find((kind) => kind === String(row.observed ?? '').toLowerCase()) ?? 'predicted');
}

/** The observed index. */
export function parseKpObserved(body: unknown): KpSlot[] {
  return slots(body, () => 'observed');
}

/** The forecast's slots, each replaced by the observed one where there is one. */
export function mergeKp(forecast: KpSlot[], observed: KpSlot[]): KpSlot[] {
  const byStart = new Map(forecast.map((slot) => [slot.start, slot]));
  for (const slot of observed) byStart.set(slot.start, slot);
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start));
}
