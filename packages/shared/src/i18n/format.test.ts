import { afterEach, describe, expect, it } from 'vitest';
import { formatters, recordFormats, seedFormats } from './format.ts';

afterEach(() => seedFormats({}));

describe('formats a server render hands to the browser (decision 1310)', () => {
  it('records numbers, lists and dates in a named zone, not dates in the runtime zone', () => {
    const stop = recordFormats();
    const f = formatters('en-US', 'Asia/Kolkata');
    const when = f.dateTime('2026-12-01T04:30:00Z');
    const count = f.number(12345);
    const list = f.list(['a', 'b', 'c']);
    formatters('en-US').date('2026-12-01T04:30:00Z');
    const record = stop();
    expect(when).toBe('Dec 1, 2026, 10:00 AM');
    expect(Object.values(record).sort()).toEqual([count, list, when].sort());
    expect(Object.keys(record).some((key) => key.startsWith('dt|') && !key.includes('timeZone'))).toBe(false);
    // Stopped: nothing more is recorded.
    formatters('en-US').number(7);
    expect(Object.keys(record)).toHaveLength(3);
  });

  it('a seeded text is used for the same input, and only for it', () => {
    const stop = recordFormats();
    formatters('hi').number(100000);
    const record = stop();
    const key = Object.keys(record)[0] ?? '';
    seedFormats({ [key]: 'FROM THE SERVER' });
    expect(formatters('hi').number(100000)).toBe('FROM THE SERVER');
    expect(formatters('hi').number(100001)).toBe('1,00,001');
    expect(formatters('en').number(100000)).toBe('100,000');
  });

  it('ignores a record that is not an object of strings', () => {
    seedFormats('nonsense');
    seedFormats({ 'n|en|{}|5': 5 });
    expect(formatters('en').number(5)).toBe('5');
  });
});
