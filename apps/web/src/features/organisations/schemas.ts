import { envelope } from '@app/shared/api';
import { z } from 'zod';
import { authData } from '@app/shared/auth';
import {
  affiliationData,
  cohortData,
  companyPerformanceData,
  companyProjectData,
  companyProjectsData,
  delegationData,
  delegationsData,
  expertApplicationData,
  expertApplicationDto,
  expertApplicationListData,
  invitationDto,
  invitationInfoData,
  moderationListData,
  myOrganisationData,
  organisationData,
  organisationListData,
  ownProfessionalProfileData,
  universityStudentsData,
} from '@app/shared/organisations';
import { manageWorkshopData, manageWorkshopListData, workshopRegistrationsData } from '@app/shared/workshop-admin';

/** The organisations requests' answers, loaded with the first request (api.ts, decision 950). */
export const affiliationAnswer = envelope(affiliationData);
export const invitationAnswer = envelope(z.object({ invitation: invitationDto }));
export const myApplicationAnswer = envelope(z.object({ application: expertApplicationDto.nullable() }));
export const confirmationAnswer = envelope(z.object({ purpose: z.enum(['account', 'affiliation']) }));
export const authAnswer = envelope(authData);
export const cohortAnswer = envelope(cohortData);
export const companyPerformanceAnswer = envelope(companyPerformanceData);
export const companyProjectAnswer = envelope(companyProjectData);
export const companyProjectsAnswer = envelope(companyProjectsData);
export const delegationAnswer = envelope(delegationData);
export const delegationsAnswer = envelope(delegationsData);
export const expertApplicationAnswer = envelope(expertApplicationData);
export const expertApplicationListAnswer = envelope(expertApplicationListData);
export const invitationInfoAnswer = envelope(invitationInfoData);
export const manageWorkshopAnswer = envelope(manageWorkshopData);
export const manageWorkshopListAnswer = envelope(manageWorkshopListData);
export const moderationListAnswer = envelope(moderationListData);
export const myOrganisationAnswer = envelope(myOrganisationData);
export const nullAnswer = envelope(z.null());
export const organisationAnswer = envelope(organisationData);
export const organisationListAnswer = envelope(organisationListData);
export const universityStudentsAnswer = envelope(universityStudentsData);
export const workshopRegistrationsAnswer = envelope(workshopRegistrationsData);
export const ownProfessionalProfileAnswer = envelope(ownProfessionalProfileData);

/** The professional's own profile form checks itself with this on submit (professional/own-profile-dialog.tsx). */
export { ownProfessionalProfileBody } from '@app/shared/organisations';
