import { createHash } from 'node:crypto';

/** The characters of Anki's note GUIDs (base 91, as `guid64` writes them). */
const BASE91 =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

/**
 * A word's Anki note GUID: the first 64 bits of a hash of the word's id, in Anki's base 91. The
 * same word always has the same GUID, so exporting again and importing into Anki updates its
 * note instead of adding a second one, even after the word was edited.
 */
export function noteGuid(wordId: string): string {
  let value = createHash('sha256').update(`verba-word:${wordId}`).digest().readBigUInt64BE(0);
  let out = '';
  const base = BigInt(BASE91.length);
  do {
    out = BASE91[Number(value % base)]! + out;
    value /= base;
  } while (value > 0n);
  return out;
}

/** Anki's field checksum: the first 8 hex digits of the SHA-1 of the (plain) first field. */
export function fieldChecksum(text: string): number {
  return parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);
}
