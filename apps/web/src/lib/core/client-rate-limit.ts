/**
 * A client-side quota (spec §9 "Client rate limits": stored locally): at most `max` actions in a
 * sliding window, kept in localStorage so a reload does not reset it. Instant feedback only; the
 * server enforces the same quota.
 */
export interface ClientLimit {
  max: number;
  windowSeconds: number;
}

export type ClientLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

export function takeClientLimit(
  key: string,
  limit: ClientLimit,
  now = Date.now(),
): ClientLimitResult {
  const windowMs = limit.windowSeconds * 1000;
  let stamps: number[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    if (Array.isArray(parsed)) stamps = parsed.filter((t): t is number => Number.isFinite(t));
  } catch {
    stamps = [];
  }
  stamps = stamps.filter((t) => t > now - windowMs && t <= now);
  const result: ClientLimitResult =
    stamps.length >= limit.max
      ? { allowed: false, retryAfterMs: Math.max(Math.min(...stamps) + windowMs - now, 1) }
      : { allowed: true };
  if (result.allowed) stamps.push(now);
  try {
    localStorage.setItem(key, JSON.stringify(stamps));
  } catch {
    // Storage blocked: the server still counts.
  }
  return result;
}
