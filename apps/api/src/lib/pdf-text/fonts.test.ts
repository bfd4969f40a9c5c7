import * as hb from 'harfbuzzjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadFace } from './fonts.ts';

/**
 * HarfBuzz hands a font table back as a view into its WebAssembly memory. When the memory grows (any later
 * allocation in HarfBuzz may grow it), every view made before is detached: reading it throws. A long-running
 * server, and a test worker that has rendered many certificates, can be at that point at any call
 * (decision 1410: a certificate in Chinese failed with "Cannot perform DataView.prototype.getInt16 on a
 * detached ArrayBuffer").
 */
describe('loadFace', () => {
  const kept: hb.Blob[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    // HarfBuzz frees a blob once it is garbage-collected (harfbuzzjs's FinalizationRegistry).
    kept.length = 0;
  });

  it("reads a face's metrics even when HarfBuzz's memory grows between its table reads", () => {
    const reference = hb.Face.prototype.referenceTable;
    let before: Uint8Array | undefined;
    // Every table read first makes HarfBuzz allocate 64 MB (kept alive, so the memory must grow): whatever
    // view the previous read returned is detached by the time the next one returns.
    vi.spyOn(hb.Face.prototype, 'referenceTable').mockImplementation(function (this: hb.Face, table: string) {
      kept.push(new hb.Blob(new Uint8Array(64 * 1024 * 1024)));
      const view = reference.call(this, table);
      before ??= view;
      return view;
    });
    const face = loadFace('hebrew', { weight: 'regular', slant: 'normal' });
    // The premise holds: the first table's view was detached by the reads after it.
    expect(before?.byteLength).toBe(0);
    expect(face.upem).toBe(1000);
    expect(face.ascent).toBeGreaterThan(0);
    expect(face.descent).toBeLessThan(0);
    expect(face.bbox[2]).toBeGreaterThan(face.bbox[0]);
    expect(face.italicAngle).toBe(0);
  });
});
