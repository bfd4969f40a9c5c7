import type { Formatters } from './i18n/format.ts';
import type { Direction, MessageKey, MessageValues } from './i18n/translator.ts';

/**
 * Why an item is suggested, as data (docs/decisions/1280-match-reasons-in-the-readers-language.md): the
 * matching code says WHAT it found (a code and its values), and `reasonText` words it for the reader, in
 * their language, when it is shown. Topic names, categories and people's names are the data's own words:
 * they are put into the sentence, never translated, and isolated when their direction differs from it.
 */
export type MatchReason =
  /** Item labels equal to the reader's topics ("Shares Machine Learning and Data Science"). */
  | { code: 'shares'; topics: string[] }
  /** The same, said to a professional about a student ("Interested in Quantum Optics"). */
  | { code: 'interestedIn'; topics: string[] }
  /** Item labels related to one of the reader's topics; `whose` is whose interest it is. */
  | { code: 'related'; whose: 'yours' | 'theirs' | 'mentee'; topic: string; labels: string[] }
  /** The reader's topics the item's text mentions. */
  | { code: 'mentions'; topics: string[] }
  | { code: 'noMentorYet' }
  /** Students of the mentor's expertise who contacted them. */
  | { code: 'topicPeers'; count: number; topic: string }
  /** Students of the reader's course and university who connected with / registered for / applied to it. */
  | { code: 'classmates'; count: number; did: 'connected' | 'registered' | 'applied' }
  /** Students who took part where the reader did and took part here too. */
  | { code: 'coParticipants'; count: number; did: 'registered' | 'applied' }
  /** Median answer time, in whole days (1: within a day). */
  | { code: 'answers'; days: number }
  | { code: 'rated'; rating: number; count: number }
  | { code: 'placesLeft'; count: number }
  | { code: 'freeSlots'; when: 'thisWeek' | 'twoWeeks' }
  /** Days until a workshop starts (1: within a day). */
  | { code: 'startsIn'; days: number }
  | { code: 'seatsLeft'; count: number; few: boolean }
  /** Days until applications close (1: within a day). */
  | { code: 'closesIn'; days: number }
  | { code: 'openPositions'; count: number }
  /** Programme preferences: the mentee's ranking of the mentor (their name, null if unknown), the mentor's of the mentee. */
  | { code: 'menteeRanked'; mentor: string | null; rank: number }
  | { code: 'mentorRanked'; rank: number }
  /** Why a programme's mentee has no mentor: no mentor covers their topics (none stated: empty), or all of them are full. */
  | { code: 'noMentorCovers'; topics: string[] }
  | { code: 'mentorsFull'; count: number }
  /** Why a programme's mentor has no mentee: those who could have were matched with mentors they preferred, or nobody asked for their topics. */
  | { code: 'preferredElsewhere' }
  | { code: 'noMenteeAsked'; topics: string[] };

/**
 * A reason as stored (programme pairs keep theirs): structured, or an English sentence written before
 * reasons were structured, which reads as it was stored.
 */
export type StoredMatchReason = MatchReason | string;

/** What a reason is worded with: a translator's `t`, its direction and the reader's formatters. */
export interface ReasonVoice {
  t: (key: MessageKey, values?: MessageValues) => string;
  direction: Direction;
  format: Formatters;
}

/** At most this many names in a list; the rest are counted ("A, B, C and 2 more"). */
export const LISTED_AT_MOST = 3;

const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR_LETTER = /(?![\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF])\p{L}/u;
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Data inside a sentence of `direction`: wrapped in Unicode isolates (FSI…PDI, the plain-text <bdi>) when it
 * has letters of the other direction, so "C++, AI" in an Arabic sentence or an Arabic topic in an English one
 * does not reorder the words around it. Same-direction text needs none and is left as it is.
 */
export function isolateIn(direction: Direction, text: string): string {
  const foreign = direction === 'rtl' ? LTR_LETTER : RTL_LETTER;
  return foreign.test(text) ? `${FSI}${text}${PDI}` : text;
}

/** Names as a list in the reader's language (Intl.ListFormat), at most LISTED_AT_MOST, then "and N more". */
export function nameList(voice: ReasonVoice, names: readonly string[]): string {
  const shown = names.slice(0, LISTED_AT_MOST).map((n) => isolateIn(voice.direction, n));
  const rest = names.length - shown.length;
  return voice.format.list(rest > 0 ? [...shown, voice.t('matching.reason.more', { count: rest })] : shown);
}

/** One reason in the reader's language (a stored English sentence reads as it is). */
export function reasonText(voice: ReasonVoice, reason: StoredMatchReason): string {
  if (typeof reason === 'string') return reason;
  const { t } = voice;
  const data = (text: string) => isolateIn(voice.direction, text);
  switch (reason.code) {
    case 'shares':
      return t('matching.reason.shares', { topics: nameList(voice, reason.topics) });
    case 'interestedIn':
      return t('matching.reason.interestedIn', { topics: nameList(voice, reason.topics) });
    case 'related': {
      const values = { topic: data(reason.topic), labels: nameList(voice, reason.labels) };
      if (reason.whose === 'theirs') return t('matching.reason.relatedTheirs', values);
      if (reason.whose === 'mentee') return t('matching.reason.relatedMentee', values);
      return t('matching.reason.relatedYours', values);
    }
    case 'mentions':
      return t('matching.reason.mentions', { topics: nameList(voice, reason.topics) });
    case 'noMentorYet':
      return t('matching.reason.noMentorYet');
    case 'topicPeers':
      return t('matching.reason.topicPeers', { count: reason.count, topic: data(reason.topic) });
    case 'classmates':
      if (reason.did === 'registered') return t('matching.reason.classmatesRegistered', { count: reason.count });
      if (reason.did === 'applied') return t('matching.reason.classmatesApplied', { count: reason.count });
      return t('matching.reason.classmatesConnected', { count: reason.count });
    case 'coParticipants':
      return reason.did === 'registered'
        ? t('matching.reason.coRegistered', { count: reason.count })
        : t('matching.reason.coApplied', { count: reason.count });
    case 'answers':
      return t('matching.reason.answers', { days: reason.days });
    case 'rated':
      return t('matching.reason.rated', { rating: voice.format.number(reason.rating, { maximumFractionDigits: 1 }), count: reason.count });
    case 'placesLeft':
      return t('matching.reason.placesLeft', { count: reason.count });
    case 'freeSlots':
      return reason.when === 'thisWeek' ? t('matching.reason.freeThisWeek') : t('matching.reason.freeTwoWeeks');
    case 'startsIn':
      return t('matching.reason.startsIn', { days: reason.days });
    case 'seatsLeft':
      return reason.few ? t('matching.reason.onlySeatsLeft', { count: reason.count }) : t('matching.reason.seatsLeft', { count: reason.count });
    case 'closesIn':
      return t('matching.reason.closesIn', { days: reason.days });
    case 'openPositions':
      return t('matching.reason.openPositions', { count: reason.count });
    case 'menteeRanked':
      return reason.mentor === null
        ? t('matching.reason.menteeRankedThisMentor', { rank: reason.rank })
        : t('matching.reason.menteeRanked', { mentor: data(reason.mentor), rank: reason.rank });
    case 'mentorRanked':
      return t('matching.reason.mentorRanked', { rank: reason.rank });
    case 'noMentorCovers':
      return reason.topics.length ? t('matching.reason.noMentorCovers', { topics: nameList(voice, reason.topics) }) : t('matching.reason.noTopics');
    case 'mentorsFull':
      return t('matching.reason.mentorsFull', { count: reason.count });
    case 'preferredElsewhere':
      return t('matching.reason.preferredElsewhere');
    case 'noMenteeAsked':
      return reason.topics.length ? t('matching.reason.noMenteeAsked', { topics: nameList(voice, reason.topics) }) : t('matching.reason.noMenteeAskedTheirTopics');
  }
}

/** Whether a reason is about topics (those come first in a list of reasons). */
export const isTopicReason = (reason: StoredMatchReason) =>
  typeof reason !== 'string' && (reason.code === 'shares' || reason.code === 'interestedIn' || reason.code === 'related' || reason.code === 'mentions');
