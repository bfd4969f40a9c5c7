/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createTranslator, messagesOf, type SourceCatalogue } from './i18n/translator.ts';
import { formatters } from './i18n/format.ts';
import { isolateIn, nameList, reasonText, type MatchReason, type ReasonVoice } from './matching-reasons.ts';

const DIR = path.join(import.meta.dirname, 'i18n/catalogues');

function voice(language: string): ReasonVoice {
  const source = messagesOf(JSON.parse(readFileSync(path.join(DIR, 'en.json'), 'utf8')) as SourceCatalogue);
  const own = language === 'en' ? {} : messagesOf(JSON.parse(readFileSync(path.join(DIR, `${language}.json`), 'utf8')) as Record<string, string>);
  const compiled = Object.fromEntries(Object.entries({ ...source, ...own }).map(([k, v]) => [k, compileMessage(v)]));
  const tr = createTranslator(language, compiled);
  return { t: tr.t, direction: tr.direction, format: formatters(language === 'en' ? 'en-GB' : language, 'UTC') };
}

const en = voice('en');
const ar = voice('ar');
const hi = voice('hi');
const es = voice('es');
const say = (v: ReasonVoice, r: MatchReason) => reasonText(v, r);
const FSI = '\u2068';
const PDI = '\u2069';

describe('match reasons: plural categories of each language', () => {
  it('Arabic uses zero, one, two, few, many and other', () => {
    const seats = (count: number) => say(ar, { code: 'seatsLeft', count, few: false });
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map(seats)).toEqual([
      'لم يبق أي مقعد', // zero
      'بقي مقعد واحد', // one
      'بقي مقعدان', // two
      'بقيت 3 مقاعد', // few (3–10)
      'بقيت 10 مقاعد',
      'بقي 11 مقعدًا', // many (11–99)
      'بقي 99 مقعدًا',
      'بقي 100 مقعد', // other
      'بقي 102 مقعد', // other (102: neither few nor many)
    ]);
    expect(say(ar, { code: 'startsIn', days: 1 })).toBe('تبدأ خلال يوم');
    expect(say(ar, { code: 'startsIn', days: 2 })).toBe('تبدأ بعد يومين');
    expect(say(ar, { code: 'classmates', count: 2, did: 'connected' })).toBe('تواصل معه طالبان من زملائك في المقرر');
    expect(say(ar, { code: 'rated', rating: 4.7, count: 12 })).toBe('تقييمه 4.7 من 12 طالبًا');
  });

  it('Hindi, Spanish and English use one and other (Hindi’s one includes 0)', () => {
    expect(say(hi, { code: 'openPositions', count: 1 })).toBe('1 खुला पद');
    expect(say(hi, { code: 'openPositions', count: 2 })).toBe('2 खुले पद');
    expect(say(hi, { code: 'seatsLeft', count: 0, few: true })).toBe('केवल 0 सीट बची है');
    expect(say(es, { code: 'seatsLeft', count: 1, few: true })).toBe('Solo queda 1 plaza');
    expect(say(es, { code: 'seatsLeft', count: 4, few: true })).toBe('Solo quedan 4 plazas');
    expect(say(en, { code: 'answers', days: 1 })).toBe('Answers requests within a day');
    expect(say(en, { code: 'answers', days: 2 })).toBe('Answers requests in 2 days');
    expect(say(en, { code: 'placesLeft', count: 1 })).toBe('1 mentoring place left');
  });

  it('writes numbers with the language’s grouping (Hindi lakh)', () => {
    expect(say(hi, { code: 'seatsLeft', count: 150000, few: false })).toBe('1,50,000 सीटें बची हैं');
    expect(say(en, { code: 'seatsLeft', count: 150000, few: false })).toBe('150,000 seats left');
  });
});

describe('match reasons: lists and data', () => {
  it('joins topic names with the language’s list format and counts the rest as a message', () => {
    const five = ['A1', 'B2', 'C3', 'D4', 'E5'];
    expect(nameList(en, five)).toBe('A1, B2, C3 and 2 more');
    expect(nameList(en, ['A1', 'B2'])).toBe('A1 and B2');
    expect(nameList(es, five)).toBe('A1, B2, C3 y 2 más');
    expect(nameList(hi, five)).toBe('A1, B2, C3, और 2 अन्य');
    expect(nameList(ar, [...five, 'F6'])).toBe(`${FSI}A1${PDI} و${FSI}B2${PDI} و${FSI}C3${PDI} و3 أخرى`);
  });

  it('isolates data only when its direction differs from the sentence’s', () => {
    expect(isolateIn('rtl', 'C++, AI')).toBe(`${FSI}C++, AI${PDI}`);
    expect(isolateIn('rtl', 'الروبوتات')).toBe('الروبوتات');
    expect(isolateIn('ltr', 'الروبوتات')).toBe(`${FSI}الروبوتات${PDI}`);
    expect(isolateIn('ltr', 'Robotics')).toBe('Robotics');
    expect(say(en, { code: 'related', whose: 'yours', topic: 'الذكاء', labels: ['Machine Learning'] })).toBe(`Related to your interest in ${FSI}الذكاء${PDI}: Machine Learning`);
  });

  it('says why a programme participant has no pair, with the list and the count in the language', () => {
    expect(say(en, { code: 'noMentorCovers', topics: ['Botany'] })).toBe('No mentor covers Botany');
    expect(say(en, { code: 'noMentorCovers', topics: [] })).toBe('No topics stated and no mentor ranked');
    expect(say(en, { code: 'mentorsFull', count: 1 })).toBe('All the 1 mentor in their topics are full');
    expect(say(en, { code: 'noMenteeAsked', topics: [] })).toBe('No mentee asked for their topics');
    expect(say(ar, { code: 'mentorsFull', count: 2 })).toBe('المرشدان في مواضيعه ممتلئان');
    expect(say(hi, { code: 'noMenteeAsked', topics: ['Botany', 'Zoology'] })).toBe('किसी मेंटी ने Botany और Zoology नहीं माँगा');
  });

  it('a reason stored as an English sentence reads as it was stored', () => {
    expect(reasonText(ar, 'Shares Lasers')).toBe('Shares Lasers');
  });
});
