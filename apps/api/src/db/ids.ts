import { randomBytes } from 'node:crypto';

// ObjectId layout: 4-byte seconds, 5 random bytes fixed per process, 3-byte counter.
const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** A new 24-hex id, ordered by creation time (the client contract depends on the length). */
export function newId(): string {
  counter = (counter + 1) % 0xffffff;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processRandom + counter.toString(16).padStart(6, '0');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value);
}
