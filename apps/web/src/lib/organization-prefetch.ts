/*
 * The organisation lookup started by index.html before the app's chunks load (its boot script, written
 * by apps/web/build-plugins.ts, leaves the request's promise on window). The API client takes it once
 * instead of asking again when it makes that very request.
 */

interface PrefetchedRequest {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __inscrioOrganization?: PrefetchedRequest;
  }
}

/** The boot script's response when `input` is its request (a GET of the same address), once. */
export function takePrefetchedResponse(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> | null {
  if (typeof window === 'undefined') return null;
  const prefetched = window.__inscrioOrganization;
  if (!prefetched || typeof input !== 'string' || input !== prefetched.url) return null;
  if ((init?.method ?? 'GET') !== 'GET') return null;
  delete window.__inscrioOrganization;
  return prefetched.response;
}

/** `fetch`, answered by the boot script's lookup when it is the same request (asked again if it failed). */
export const fetchWithPrefetch: typeof fetch = (input, init) =>
  takePrefetchedResponse(input, init)?.catch(() => globalThis.fetch(input, init)) ??
  globalThis.fetch(input, init);
