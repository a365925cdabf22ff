import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

/** `PackageMetadata.version` of Anki's `meta` entry (proto/anki/import_export.proto). */
export const PACKAGE_VERSION = { legacy1: 1, legacy2: 2, latest: 3 } as const;

/** The package version a `meta` entry holds (0 when it names none). */
export function readPackageVersion(bytes: Uint8Array): number {
  const reader = new BinaryReader(bytes);
  let version = 0;
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.Varint) version = reader.int32();
    else reader.skip(wireType, field);
  }
  return version;
}

export function writePackageVersion(version: number): Uint8Array {
  return new BinaryWriter().tag(1, WireType.Varint).int32(version).finish();
}

/** The file names of a `MediaEntries` list (the `media` entry of a latest-version package). */
export function readMediaNames(bytes: Uint8Array): string[] {
  const reader = new BinaryReader(bytes);
  const names: string[] = [];
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field !== 1 || wireType !== WireType.LengthDelimited) {
      reader.skip(wireType, field);
      continue;
    }
    const entry = new BinaryReader(reader.bytes());
    let name = '';
    while (entry.pos < entry.len) {
      const [entryField, entryWire] = entry.tag();
      if (entryField === 1 && entryWire === WireType.LengthDelimited) name = entry.string();
      else entry.skip(entryWire, entryField);
    }
    names.push(name);
  }
  return names;
}

export function writeMediaNames(names: readonly string[]): Uint8Array {
  const writer = new BinaryWriter();
  for (const name of names)
    writer
      .tag(1, WireType.LengthDelimited)
      .fork()
      .tag(1, WireType.LengthDelimited)
      .string(name)
      .join();
  return writer.finish();
}
