/**
 * The `next` parameter of /login comes from the address bar, so it is only followed when
 * it is a path on this site: "//evil.example" or "https://evil.example" would turn the
 * sign-in page into an open redirect.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/shop'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The sign-in address that brings the user back to `path` afterwards. */
export const loginPathFor = (path: string) => `/login?next=${encodeURIComponent(path)}`;
