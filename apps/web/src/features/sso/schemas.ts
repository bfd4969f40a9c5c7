import { z } from 'zod';
import { envelope } from '@app/shared/api';
import {
  connectionData,
  discoverData,
  exchangeData,
  linkData,
  logoutData,
  orgSignInData,
  redirectData,
  scimTokenCreated,
  scimTokensData,
  ssoOverviewData,
} from '@app/shared/sso';
import { spKeysData } from '@app/shared/sso-keys';

/** The single sign-on requests' answers, loaded with the first request (api.ts, connection-api.ts; decision 950). */
export const connectionAnswer = envelope(connectionData);
export const discoverAnswer = envelope(discoverData);
export const exchangeAnswer = envelope(exchangeData);
export const linkAnswer = envelope(linkData);
export const logoutAnswer = envelope(logoutData);
export const nullAnswer = envelope(z.null());
export const orgSignInAnswer = envelope(orgSignInData);
export const redirectAnswer = envelope(redirectData);
export const scimTokenCreatedAnswer = envelope(scimTokenCreated);
export const scimTokensAnswer = envelope(scimTokensData);
export const spKeysAnswer = envelope(spKeysData);
export const ssoOverviewAnswer = envelope(ssoOverviewData);
