/**
 * What the recorder may write about a request: headers and URL with credentials removed.
 *
 * Contract: pure. A header is a credential when its lower-cased name is in CREDENTIAL_HEADERS, in the user's
 * redact list, or ends in "-key", "-token" or "-secret"; its value becomes "[redacted]". In a URL, the user info
 * and the values of credential-like query parameters (key, api_key, token, ...) are replaced the same way.
 */
export const REDACTED = '[redacted]';

export const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'x-api-key', 'api-key', 'x-goog-api-key', 'cookie', 'openai-organization', 'openai-project'];

const CREDENTIAL_QUERY = /^(key|api[-_]?key|token|access[-_]?token|auth|signature|sig|secret|password)$/i;

export function isCredentialHeader(name: string, extra: readonly string[] = []): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.includes(n) || extra.includes(n) || /-(key|token|secret)$/.test(n);
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
  for (const k of [...u.searchParams.keys()]) if (CREDENTIAL_QUERY.test(k)) u.searchParams.set(k, REDACTED);
  return u.href;
}
