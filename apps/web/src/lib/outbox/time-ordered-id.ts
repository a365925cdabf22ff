import { uuidFromBytes } from '../core/new-id';

/**
 * A UUIDv7 (RFC 9562): the first 48 bits are the time in milliseconds, the rest random, so ids
 * made later sort later. Practice made offline is named by them: the server keeps each id once.
 */
export function newTimeOrderedId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  return uuidFromBytes(bytes);
}
