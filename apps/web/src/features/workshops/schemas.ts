import { envelope } from '@app/shared/api';
import { certificateData, certificateIdData, checkInData, registerData, registeredWorkshopsData, workshopData, workshopListData } from '@app/shared/workshops';

/** The workshops requests' answers, loaded with the first request (api.ts, decision 950). */
export const certificateAnswer = envelope(certificateData);
export const certificateIdAnswer = envelope(certificateIdData);
export const checkInAnswer = envelope(checkInData);
export const registerAnswer = envelope(registerData);
export const registeredWorkshopsAnswer = envelope(registeredWorkshopsData);
export const workshopAnswer = envelope(workshopData);
export const workshopListAnswer = envelope(workshopListData);
