import { envelope } from '@app/shared/api';
import { inviteData, myProgrammesData, participationData, programmeData, programmeDetail, programmesData } from '@app/shared/programmes';

/** The programmes requests' answers, loaded with the first request (api.ts, decision 950). */
export const inviteAnswer = envelope(inviteData);
export const myProgrammesAnswer = envelope(myProgrammesData);
export const participationAnswer = envelope(participationData);
export const programmeAnswer = envelope(programmeData);
export const programmeDetailAnswer = envelope(programmeDetail);
export const programmesAnswer = envelope(programmesData);
