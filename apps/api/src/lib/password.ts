import { hash, verify } from '@node-rs/argon2';
import { randomBytes, randomInt } from 'node:crypto';

// OWASP password storage cheat sheet, argon2id option 2: m=19 MiB, t=2, p=1 (~10-15 ms here).
// algorithm 2 is Argon2id (a const enum in the binding's types, not importable under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((h) => verifyPassword(h, password));
}

/** A temporary password that satisfies the professional strength rules (upper, lower, digit, special). */
export function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)] ?? 'x';
  const lower = 'abcdefghijkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const special = '!@#$%&*?';
  const all = lower + upper + digits;
  const chars = [pick(upper), pick(lower), pick(digits), pick(special)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'x', chars[i] ?? 'x'];
  }
  return chars.join('');
}
