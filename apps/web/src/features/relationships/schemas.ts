import { envelope } from '@app/shared/api';
import {
  nudgeData,
  programmePairsHealthData,
  relationshipDetail,
  relationshipsData,
  rematchData,
  rematchProposalsData,
} from '@app/shared/relationships';

/** The relationships requests' answers, loaded with the first request (api.ts, decision 950). */
export const nudgeAnswer = envelope(nudgeData);
export const programmePairsHealthAnswer = envelope(programmePairsHealthData);
export const relationshipDetailAnswer = envelope(relationshipDetail);
export const relationshipsAnswer = envelope(relationshipsData);
export const rematchAnswer = envelope(rematchData);
export const rematchProposalsAnswer = envelope(rematchProposalsData);
