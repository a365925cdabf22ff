import { IMPORT_TEXT } from '@verba/shared';
import { ApiError } from '../../lib/errors.ts';

/**
 * An upload's bytes as text: UTF-8 with or without its byte-order mark, UTF-16 with its mark.
 * Anything else is refused with a message that says what is wrong, never read as mojibake: an
 * empty file, binary data (a NUL byte where text has none), bytes that are not UTF-8.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new ApiError('BAD_REQUEST', IMPORT_TEXT.empty);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, 'utf-16be');
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.subarray(start, start + 8192).includes(0)) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.binary);
  }
  const invalid = firstInvalidUtf8(bytes, start);
  if (invalid !== -1) throw new ApiError('BAD_REQUEST', IMPORT_TEXT.notUtf8(invalid));
  const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
  if (text.trim() === '') throw new ApiError('BAD_REQUEST', IMPORT_TEXT.empty);
  return text;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError(
      'BAD_REQUEST',
      'The file starts as UTF-16 but holds bytes that are not UTF-16. Save it as UTF-8 and try again.',
    );
  }
  if (text.trim() === '') throw new ApiError('BAD_REQUEST', IMPORT_TEXT.empty);
  return text;
}

/**
 * The offset of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF), or -1 when every byte is well formed.
 */
export function firstInvalidUtf8(bytes: Uint8Array, from = 0): number {
  let i = from;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [length, min] = [3, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [length, min] = [4, 0x10000];
    else return i;
    if (i + length > bytes.length) return i;
    let code = b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += length;
  }
  return -1;
}
