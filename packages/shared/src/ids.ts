/**
 * Whether `text` is an id the API accepts (zod's `z.string().uuid()`: RFC 9562, versions 1–8,
 * and the nil and max ids), checked without loading zod, so that a bad link to a word or group
 * shows the not-found page instead of asking the server.
 */
const UUID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}
