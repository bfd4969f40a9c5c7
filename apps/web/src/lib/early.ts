/**
 * API reads started before the app has loaded (main.tsx), handed to the first matching `api()` call.
 *
 * A full page load used to fetch its data only after React, the router and the page's code had
 * downloaded and rendered; under a slow network that is a whole extra round trip on the way to the
 * page's main content. main.tsx knows the page from the URL (app/pages.ts) and starts its reads at
 * once. No dependencies: this module is part of the small entry chunk.
 */
interface Early {
  url: string;
  authorization: string | undefined;
  response: Promise<Response>;
  /** When the answer arrived (undefined while it is on its way). */
  settledAt?: number;
}

/**
 * An early answer that arrived longer ago than this is ignored: the page fetches afresh. Counted from
 * the answer's arrival, not from the request: on a slow device the app can take longer than this to
 * load, and a read still on its way (or just arrived) is as fresh as a new one — dropping it would
 * send the same request twice.
 */
const CLAIM_WITHIN_MS = 15_000;
const pending: Early[] = [];

/** Start a GET of `/api${path}` now, with the headers lib/api.ts would send. */
export function fetchEarly(path: string, authorization?: string) {
  const url = `/api${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization) headers.authorization = authorization;
  const response = fetch(url, { headers });
  const early: Early = { url, authorization, response };
  // An unclaimed failure must not surface as an unhandled rejection; the claimer sees it.
  response.then(
    () => (early.settledAt = Date.now()),
    () => (early.settledAt = Date.now()),
  );
  pending.push(early);
}

/** The early answer for this GET (same URL and credentials), once. */
export function claimEarly(url: string, authorization: string | undefined): Promise<Response> | undefined {
  const index = pending.findIndex((e) => e.url === url && e.authorization === authorization);
  if (index < 0) return undefined;
  const [early] = pending.splice(index, 1);
  if (!early || (early.settledAt !== undefined && Date.now() - early.settledAt > CLAIM_WITHIN_MS)) return undefined;
  return early.response;
}
