import { describe, expect, test } from 'vitest';
import { REDACTED, Secrets } from './redact.ts';

describe('Secrets.redact', () => {
  test('replaces registered values, their base64 form and their shortened prefixes', () => {
    const secrets = new Secrets();
    secrets.add('f00dfeedf00dfeedf00dfeedf00dfeed');
    secrets.add('bob:bob-pass');
    const text =
      "token f00dfeedf00dfeedf00dfeedf00dfeed, expected 'tokens/f00dfeedf00dfe…' Basic Ym9iOmJvYi1wYXNz";
    expect(secrets.redact(text)).toBe(
      `token ${REDACTED}, expected 'tokens/${REDACTED}…' Basic ${REDACTED}`,
    );
  });

  test('registers the values of secret JSON keys and XML elements, at any depth', () => {
    const secrets = new Secrets();
    secrets.addFromJson({
      user: { password: 'hunter22' },
      list: [{ token: 'abcdef123456' }],
      label: 'visible',
    });
    secrets.addFromXml(
      '<ns1:login><loginname>bob</loginname><passwd xsi:type="xsd:string">pa55word</passwd></ns1:login><session_hash>s3ss10n-hash</session_hash>',
    );
    expect(secrets.redact('hunter22 abcdef123456 visible pa55word s3ss10n-hash bob')).toBe(
      `${REDACTED} ${REDACTED} visible ${REDACTED} ${REDACTED} bob`,
    );
  });

  test('ignores values too short to be secrets, so ordinary text survives', () => {
    const secrets = new Secrets();
    secrets.add('ab');
    expect(secrets.redact('about ab')).toBe('about ab');
  });
});
