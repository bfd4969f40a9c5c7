import { envelope } from '@app/shared/api';
import { closeData, myCertificatesData, outcomeReport } from '@app/shared/outcomes';

/** The outcomes requests' answers, loaded with the first request (api.ts, decision 950). */
export const closeAnswer = envelope(closeData);
export const myCertificatesAnswer = envelope(myCertificatesData);
export const outcomeReportAnswer = envelope(outcomeReport);
