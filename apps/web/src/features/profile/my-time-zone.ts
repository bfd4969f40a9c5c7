import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { updateStoredUser, useSession } from '../../lib/session.ts';
import { browserZone } from '../../lib/time-zones.ts';

const profileKey = ['auth', 'profile'] as const;

/**
 * The profile's schemas load with the first request, not with the page: workshop and notification times
 * use this hook on pages that need no other schema for their first paint (docs/performance.md).
 */
const profileRequests = () => import('./profile-requests.ts');
function useMyProfile() {
  // A visitor has no profile: asking would answer 401 (and send them to the sign-in page).
  const signedIn = Boolean(useSession()?.token);
  return useQuery({
    queryKey: profileKey,
    enabled: signedIn,
    queryFn: async ({ signal }) => (await profileRequests()).read(signal),
    staleTime: 60_000,
  });
}

/**
 * The zone times are shown in: the signed-in person's profile zone, else the browser's (decisions 702,
 * 810). A visitor gets the browser's.
 */
export function useMyTimeZone(): string {
  const profile = useMyProfile();
  return profile.data?.timezone ?? browserZone();
}

/**
 * The same zone, read when a date needs it. The browser's zone is read through Intl, whose first formatter
 * costs tens of milliseconds (decision 1310): a page that shows no moment in the viewer's zone while it
 * hydrates (a server-rendered list, an R&D project's dates in UTC) does not pay it then.
 */
export function useMyTimeZoneReader(): () => string {
  const zone = useMyProfile().data?.timezone;
  return useCallback(() => zone ?? browserZone(), [zone]);
}

/**
 * A person who never chose a zone gets the browser's, once (decision 702): later they change it in their
 * profile. Mounted by the dashboards.
 */
export function useAdoptBrowserZone() {
  const profile = useMyProfile();
  const client = useQueryClient();
  const sent = useRef(false);
  useEffect(() => {
    if (!profile.data || profile.data.timezone || sent.current) return;
    sent.current = true;
    profileRequests()
      .then((requests) => requests.saveZone(browserZone()))
      .then((user) => {
        updateStoredUser(user);
        client.setQueryData(profileKey, user);
      })
      .catch(() => {
        // Not essential: times still show in the browser's zone; the next visit tries again.
      });
  }, [profile.data, client]);
}
