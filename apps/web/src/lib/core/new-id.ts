/**
 * A random v4 UUID for a word about to be saved. crypto.randomUUID exists only on secure pages
 * (https, localhost); a server reached over plain http on a home network gets the same from
 * getRandomValues. Used for the ids the client makes for what it saves (words, groups); practice
 * made offline is named by time-ordered ids (lib/outbox/time-ordered-id.ts).
 */
export function newWordId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  return uuidFromBytes(bytes);
}

/** Sixteen bytes as a UUID, with the RFC 9562 variant bits set (the caller sets the version). */
export function uuidFromBytes(bytes: Uint8Array): string {
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
