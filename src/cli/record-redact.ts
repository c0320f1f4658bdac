/**
 * What the recorder may write about a request: headers and URL with credentials removed.
 *
 * Contract: pure. A header is a credential when its lower-cased name is in CREDENTIAL_HEADERS, in the user's
 * redact list, or contains key, token, secret, auth, signature, password or credential; its value becomes
 * "[redacted]". In a URL, the user info and the values of query parameters whose name contains one of those words
 * (or is `code` or `sig`) are replaced the same way.
 */
export const REDACTED = '[redacted]';

export const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'x-goog-api-key', 'cookie', 'openai-organization', 'openai-project'];

/** A name containing one of these (case-insensitive) names a credential, in a header or a query parameter. */
const CREDENTIAL_WORD = /key|token|secret|auth|signature|password|credential/i;
const CREDENTIAL_QUERY = (name: string): boolean => CREDENTIAL_WORD.test(name) || /^(code|sig)$/i.test(name);

export function isCredentialHeader(name: string, extra: readonly string[] = []): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.includes(n) || extra.includes(n) || CREDENTIAL_WORD.test(n);
}

export function redactHeaders(headers: readonly [string, string][], extra: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of headers) out[k] = isCredentialHeader(k, extra) ? REDACTED : v;
  return out;
}

export function redactUrl(url: URL): string {
  const u = new URL(url.href);
  if (u.username !== '' || u.password !== '') {
    u.username = REDACTED;
    u.password = '';
  }
  const params = [...u.searchParams];
  if (params.some(([k]) => CREDENTIAL_QUERY(k))) {
    u.search = new URLSearchParams(params.map(([k, v]): [string, string] => [k, CREDENTIAL_QUERY(k) ? REDACTED : v])).toString();
  }
  return u.href;
}
