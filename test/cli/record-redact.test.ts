/**
 * Redaction by name pattern (issue 17, item 1, partly): every header and query parameter whose name contains key,
 * token, secret, auth, signature, password or credential (and the query parameter `code`) is written redacted.
 */
import { describe, expect, it } from 'vitest';
import { isCredentialHeader, redactUrl } from '../../src/cli/record-redact';

describe('credential names', () => {
  it.each(['apikey', 'api_key', 'x-apikey', 'X-Auth', 'Authentication', 'X-Custom-Token', 'X-Client-Secret', 'X-Signature', 'X-Password', 'X-Credential'])(
    'header %s is a credential',
    (name) => expect(isCredentialHeader(name)).toBe(true),
  );
  it.each(['X-Trace', 'Accept', 'content-type'])('header %s is not', (name) => expect(isCredentialHeader(name)).toBe(false));
  it.each(['client_secret', 'refresh_token', 'code', 'X-Amz-Signature', 'X-Amz-Credential', 'api_key', 'password'])('query parameter %s is redacted', (name) => {
    const shown = redactUrl(new URL(`https://h.example/p?alt=sse&${name}=value-0123456789`));
    expect(shown).not.toContain('value-0123456789');
    expect(shown).toContain('alt=sse');
  });
});
