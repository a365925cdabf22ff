import { countOf, UNITS } from '@verba/shared';

/**
 * The spec's client-side rate limit (§9 "Client rate limits": stored locally, cleaned every
 * 60 s): at most `max` actions in a sliding window, remembered in localStorage so a reload does
 * not reset it. It only gives instant feedback; the server enforces the same quota.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateLimitResult =
  | { allowed: true; /** When the action was recorded, for `giveBack`. */ at: number }
  | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Records one action if the budget allows it; otherwise says how long to wait. */
  attempt(now?: number): RateLimitResult;
  /** Forgets the action recorded `at`: it failed or was cancelled, so it does not count. */
  giveBack(at: number): void;
  /** Drops timestamps that left the window. */
  clean(now?: number): void;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read(storage: StorageLike | undefined, key: string): number[] {
  try {
    const raw = storage?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((t): t is number => Number.isFinite(t)) : [];
  } catch {
    return [];
  }
}

function write(storage: StorageLike | undefined, key: string, stamps: number[]): void {
  try {
    if (stamps.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(stamps));
  } catch {
    // Storage full or blocked: the limit then lasts as long as the page (the server still counts).
  }
}

export function createRateLimiter(
  key: string,
  limit: RateLimit,
  storage: StorageLike | undefined = globalThis.localStorage,
): RateLimiter {
  // Used when storage is blocked, so the limit still holds on this page.
  let memory: number[] = [];
  const load = (now: number) => {
    const stored = storage ? read(storage, key) : memory;
    return stored.filter((t) => t > now - limit.windowMs && t <= now);
  };
  const save = (stamps: number[]) => {
    memory = stamps;
    write(storage, key, stamps);
  };
  return {
    attempt(now = Date.now()) {
      const stamps = load(now);
      if (stamps.length >= limit.max) {
        const oldest = Math.min(...stamps);
        save(stamps);
        return { allowed: false, retryAfterMs: Math.max(oldest + limit.windowMs - now, 1) };
      }
      save([...stamps, now]);
      return { allowed: true, at: now };
    },
    giveBack(at) {
      const stamps = storage ? read(storage, key) : memory;
      const index = stamps.indexOf(at);
      if (index >= 0) save(stamps.filter((_, i) => i !== index));
    },
    clean(now = Date.now()) {
      save(load(now));
    },
  };
}

/** "1 second", "42 seconds", "1 minute", "2 minutes 5 seconds": the {time} of 'Please wait {time}…'. */
export function formatWait(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  if (minutes === 0) return countOf(seconds, UNITS.second);
  if (seconds === 0) return countOf(minutes, UNITS.minute);
  return `${countOf(minutes, UNITS.minute)} ${countOf(seconds, UNITS.second)}`;
}
