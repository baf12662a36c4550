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

  test('a secret added after a redaction is redacted in the next one', () => {
    const secrets = new Secrets();
    secrets.add('first-secret');
    expect(secrets.redact('first-secret second-secret')).toBe(`${REDACTED} second-secret`);
    secrets.add('second-secret');
    expect(secrets.redact('first-secret second-secret')).toBe(`${REDACTED} ${REDACTED}`);
  });

  test('ignores values too short to be secrets, so ordinary text survives', () => {
    const secrets = new Secrets();
    secrets.add('ab');
    expect(secrets.redact('about ab')).toBe('about ab');
  });

  test('leaves markup whole: XML tag and attribute names, JSON keys (a short secret inside one)', () => {
    const secrets = new Secrets();
    secrets.add('valu');
    const xml =
      '<?xml version="1.0"?><ns1:set><session_key xsi:type="xsd:string">valu</session_key><field_value id="valu">a valu b</field_value><empty_value/></ns1:set>';
    expect(secrets.redact(xml)).toBe(
      `<?xml version="1.0"?><ns1:set><session_key xsi:type="xsd:string">${REDACTED}</session_key><field_value id="${REDACTED}">a ${REDACTED} b</field_value><empty_value/></ns1:set>`,
    );
    const json = '{"value": "valu", "values": ["a valu", "x\\"valu\\": y"], "n": {"valuer": 1}}';
    expect(secrets.redact(json)).toBe(
      `{"value": "${REDACTED}", "values": ["a ${REDACTED}", "x\\"${REDACTED}\\": y"], "n": {"valuer": 1}}`,
    );
    // Not JSON (a message quoting a body): the XML rule still keeps the tags whole.
    expect(secrets.redact("expected '<field_value>valu</field_value>' to be refused")).toBe(
      `expected '<field_value>${REDACTED}</field_value>' to be refused`,
    );
  });
});
