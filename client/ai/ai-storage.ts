/** The AI guide's state in browser storage (spec section 3): the open flag and the history. */
export const AI_OPEN_KEY = 'ai_open';
export const AI_HISTORY_KEY = 'ai_history';

export interface GuideTourCard {
  slug: string;
  title: string;
  priceSek: number;
  durationHours: number;
}

export interface GuideMessage {
  role: 'guest' | 'guide';
  text: string;
  tours?: GuideTourCard[];
  /** A link to act on: the booking page with the date chosen, or the payment page of seats held. */
  action?: { href: string; label: string };
}

export interface GuideHistory {
  conversationId?: string;
  messages: GuideMessage[];
}

export function readOpen(): boolean {
  try {
    return localStorage.getItem(AI_OPEN_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeOpen(open: boolean): void {
  try {
    localStorage.setItem(AI_OPEN_KEY, String(open));
  } catch {
    // Storage may be off (private mode); the guide still works for this page.
  }
}

export function readHistory(): GuideHistory {
  try {
    const parsed = JSON.parse(localStorage.getItem(AI_HISTORY_KEY) ?? 'null') as GuideHistory | null;
    return parsed && Array.isArray(parsed.messages) ? parsed : { messages: [] };
  } catch {
    return { messages: [] };
  }
}

export function writeHistory(history: GuideHistory): void {
  try {
    localStorage.setItem(AI_HISTORY_KEY, JSON.stringify(history));
  } catch {
    // As above.
  }
}

/** Reset: forget everything the guide stored. */
export function clearGuideStorage(): void {
  try {
    localStorage.removeItem(AI_OPEN_KEY);
    localStorage.removeItem(AI_HISTORY_KEY);
  } catch {
    // As above.
  }
}
