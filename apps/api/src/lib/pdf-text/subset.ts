import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * HarfBuzz's subsetter (hb-subset, the WebAssembly build shipped in harfbuzzjs as harfbuzz-subset.wasm;
 * harfbuzzjs wraps only the shaper, so this calls the module's exported C functions directly). A
 * subset keeps the glyph ids of the full font (RETAIN_GIDS), so the PDF can use glyph id = CID
 * (Identity) with the ids HarfBuzz's shaper returned; the unused glyphs are empty and compress to
 * almost nothing. Layout tables are dropped: the text is already shaped.
 */
interface SubsetExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_set_clear(set: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, setType: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
  _initialize?(): void;
}

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'vhea', 'vmtx', 'VORG', 'DSIG', 'kern', 'STAT', 'meta', 'hdmx', 'LTSH', 'VDMX', 'gasp', 'fpgm', 'prep', 'cvt '];

const tag = (s: string) => ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;

let wasm: SubsetExports | undefined;
function subsetter(): SubsetExports {
  if (!wasm) {
    const file = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
    const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
    wasm = instance.exports as unknown as SubsetExports;
    wasm._initialize?.();
  }
  return wasm;
}

/** hb_face_t pointers inside the subsetter's memory, one per font file (the bytes are copied in once). */
const faces = new Map<string, number>();
function faceOf(key: string, bytes: Uint8Array): number {
  let face = faces.get(key);
  if (face === undefined) {
    const x = subsetter();
    const ptr = x.malloc(bytes.length);
    new Uint8Array(x.memory.buffer).set(bytes, ptr);
    face = x.hb_face_create(x.hb_blob_create(ptr, bytes.length, HB_MEMORY_MODE_READONLY, 0, 0), 0);
    faces.set(key, face);
  }
  return face;
}

/** A TrueType font with only the given glyphs (and the components they draw), at their original ids. */
export function subsetFont(key: string, bytes: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const x = subsetter();
  const face = faceOf(key, bytes);
  const input = x.hb_subset_input_create_or_fail();
  if (!input) throw new Error('hb-subset: no input');
  try {
    const glyphs = x.hb_subset_input_glyph_set(input);
    x.hb_set_add(glyphs, 0);
    for (const g of glyphIds) x.hb_set_add(glyphs, g);
    x.hb_set_clear(x.hb_subset_input_unicode_set(input));
    const drop = x.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of DROPPED_TABLES) x.hb_set_add(drop, tag(t));
    x.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS | HB_SUBSET_FLAGS_NO_HINTING);
    const out = x.hb_subset_or_fail(face, input);
    if (!out) throw new Error(`hb-subset failed for ${key}`);
    const blob = x.hb_face_reference_blob(out);
    const data = new Uint8Array(x.memory.buffer, x.hb_blob_get_data(blob, 0), x.hb_blob_get_length(blob)).slice();
    x.hb_blob_destroy(blob);
    x.hb_face_destroy(out);
    return data;
  } finally {
    x.hb_subset_input_destroy(input);
  }
}
