import { envelope } from '@app/shared/api';
import { professionalData, professionalListData } from '@app/shared/professionals';

/** The professionals requests' answers, loaded with the first request (api.ts, decision 950). */
export const professionalAnswer = envelope(professionalData);
export const professionalListAnswer = envelope(professionalListData);
