/** Adds a scheme (default https) unless the address starts with http(s); a leading `//` is dropped (spec section 5). */
export function withScheme(raw: string, scheme = 'https'): string {
  const s = raw.trim();
  if (!s) return s;
  if (/^https?:\/\//i.test(s)) return s;
  return `${scheme}://${s.replace(/^\/+/, '')}`;
}

/** True for an http(s) address with a host that has a dot or a port (spec section 5: URL validity check). */
export function isValidUrl(raw: string): boolean {
  try {
    const url = new URL(withScheme(raw));
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      (url.hostname.includes('.') || url.port !== '' || url.hostname === 'localhost')
    );
  } catch {
    return false;
  }
}
