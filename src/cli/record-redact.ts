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
export const isCredentialQuery = (name: string): boolean => CREDENTIAL_WORD.test(name) || /^(code|sig)$/i.test(name);

export function isCredentialHeader(name: string, extra: readonly string[] = []): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.includes(n) || extra.includes(n) || CREDENTIAL_WORD.test(n);
}

export function redactHeaders(headers: readonly [string, string][], extra: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of headers) out[k] = isCredentialHeader(k, extra) ? REDACTED : v;
  return out;
}

/**
 * The values a request carries that must not be written: credential header values (also without their scheme,
 * a Basic token's decoded user:password and password, each cookie's value), the user info, and the values of
 * credential query parameters.
 */
export function credentialValues(url: URL, headers: readonly [string, string][], extra: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [k, v] of headers) {
    if (!isCredentialHeader(k, extra)) continue;
    out.push(v);
    const scheme = /^(Bearer|Basic|Token|Digest|ApiKey|Key)\s+(.*)$/i.exec(v);
    if (scheme?.[2]) out.push(scheme[2]);
    if (scheme?.[1]?.toLowerCase() === 'basic' && scheme[2]) {
      const pair = Buffer.from(scheme[2], 'base64').toString('utf8');
      out.push(pair, pair.slice(pair.indexOf(':') + 1));
    }
    if (k.toLowerCase() === 'cookie') for (const part of v.split(';')) out.push(part.trim(), part.slice(part.indexOf('=') + 1).trim());
  }
  out.push(...urlCredentialValues(url));
  return [...new Set(out.filter((s) => s !== ''))];
}

/** The user info (as written and decoded) and the values of credential query parameters of `url`. */
export function urlCredentialValues(url: URL): string[] {
  const dec = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  const out = [url.password, dec(url.password)];
  if (url.password !== '') out.push(`${url.username}:${url.password}`, `${dec(url.username)}:${dec(url.password)}`);
  for (const [k, v] of url.searchParams) if (isCredentialQuery(k)) out.push(v);
  return out.filter((s) => s !== '');
}

export function redactUrl(url: URL): string {
  const u = new URL(url.href);
  if (u.username !== '' || u.password !== '') {
    u.username = REDACTED;
    u.password = '';
  }
  const params = [...u.searchParams];
  if (params.some(([k]) => isCredentialQuery(k))) {
    u.search = new URLSearchParams(params.map(([k, v]): [string, string] => [k, isCredentialQuery(k) ? REDACTED : v])).toString();
  }
  return u.href;
}
