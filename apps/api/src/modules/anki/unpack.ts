import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { Decompress } from 'fzstd';
import { AnkiPackageError } from './errors.ts';

/** Input is fed to the decompressors in slices this big, so one slice's output stays bounded. */
const SLICE_BYTES = 16 * 1024;

function collect(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * The zip entries named in `wanted`, decompressed; the others are skipped without being
 * inflated. Refuses a file that is not a zip, a damaged one, and one whose wanted entries
 * unpack to more than `maxBytes` together (stopping as soon as the output passes it).
 */
export function unzipEntries(
  bytes: Uint8Array,
  wanted: readonly string[],
  maxBytes: number,
): Map<string, Uint8Array> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (!isZip) throw new AnkiPackageError('corrupt-zip');
  const found = new Map<string, Uint8Array>();
  const open = new Set<string>();
  let total = 0;
  let failure: AnkiPackageError | null = null;
  const unzip = new Unzip((file) => {
    if (!wanted.includes(file.name) || found.has(file.name) || open.has(file.name)) return;
    open.add(file.name);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new AnkiPackageError('corrupt-zip');
        return;
      }
      total += chunk.length;
      size += chunk.length;
      if (total > maxBytes) {
        failure = new AnkiPackageError('too-much-data');
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        open.delete(file.name);
        found.set(file.name, collect(chunks, size));
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE_BYTES) {
      const end = Math.min(bytes.length, at + SLICE_BYTES);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    failure ??= new AnkiPackageError('corrupt-zip');
  }
  if (failure) throw failure;
  // An entry that began but never ended: the file was cut short.
  if (open.size > 0) throw new AnkiPackageError('corrupt-zip');
  return found;
}

/** The window or content size a zstd frame header declares, or null when it is not a zstd frame. */
function declaredZstdSize(bytes: Uint8Array): number | null {
  if (bytes.length < 6) return null;
  const magic = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
  if (magic !== 0xfd2fb528) return null;
  const flags = bytes[4]!;
  const singleSegment = (flags >> 5) & 1;
  const contentSizeFlag = flags >> 6;
  if (!singleSegment) {
    const descriptor = bytes[5]!;
    const base = 2 ** (10 + (descriptor >> 3));
    return base + (base / 8) * (descriptor & 7);
  }
  const dictionaryBytes = [0, 1, 2, 4][flags & 3]!;
  const sizeBytes = contentSizeFlag === 0 ? 1 : 2 ** contentSizeFlag;
  const at = 5 + dictionaryBytes;
  if (bytes.length < at + sizeBytes) return null;
  let size = 0;
  for (let i = sizeBytes - 1; i >= 0; i -= 1) size = size * 256 + bytes[at + i]!;
  return contentSizeFlag === 1 ? size + 256 : size;
}

/**
 * A zstd-compressed file, decompressed; refused when it is not zstd or is damaged, when its
 * header asks for a window larger than `maxBytes`, and when its output passes `maxBytes` (the
 * decompressor stops at the first block past it).
 */
export function unzstd(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const declared = declaredZstdSize(bytes);
  if (declared === null) throw new AnkiPackageError('corrupt-zip');
  if (declared > maxBytes) throw new AnkiPackageError('too-much-data');
  const chunks: Uint8Array[] = [];
  let total = 0;
  let done = false;
  const stream = new Decompress((chunk, final) => {
    total += chunk.length;
    if (total > maxBytes) throw new AnkiPackageError('too-much-data');
    chunks.push(chunk);
    if (final) done = true;
  });
  try {
    for (let at = 0; at < bytes.length && !done; at += SLICE_BYTES) {
      const end = Math.min(bytes.length, at + SLICE_BYTES);
      stream.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    throw new AnkiPackageError('corrupt-zip');
  }
  return collect(chunks, total);
}
