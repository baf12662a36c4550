/**
 * Redaction of secrets in transcripts, messages and reports: passwords, tokens and session keys.
 * Values are registered as they are seen (profile passwords, tokens in answers) and replaced
 * wherever they appear afterwards.
 */
export const REDACTED = '«redacted»';

/** JSON keys, SOAP parts and headers whose values are secrets. */
const SECRET_NAMES =
  /^(password|passwd|token|session_hash|sessionKey|session_key|adminSessionKey|x-auth-token|authorization)$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.test(name);
}

/** A secret as it may appear: as sent, and base64-encoded (Basic credentials). */
interface Form {
  value: string;
  encoded: string;
}

export class Secrets {
  readonly #values = new Set<string>();
  /** The registered values' forms, longest first; made again after an add. */
  #forms: Form[] | undefined;

  /** `beforeRead`: registers secrets not added yet, before each redaction (Transcript's). */
  constructor(private readonly beforeRead: () => void = () => undefined) {}

  add(value: string | undefined): void {
    // Very short values would redact ordinary text; real secrets are longer.
    if (value === undefined || value.length < 4 || this.#values.has(value)) return;
    this.#values.add(value);
    this.#forms = undefined;
  }

  /** Registers the values of secret keys found anywhere in a JSON document. */
  addFromJson(value: unknown): void {
    if (Array.isArray(value)) for (const item of value) this.addFromJson(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (isSecretName(key) && typeof inner === 'string') this.add(inner);
        else this.addFromJson(inner);
      }
    }
  }

  /** Registers the text of secret XML elements (<sessionKey>…</sessionKey>, <session_hash>…). */
  addFromXml(text: string): void {
    for (const match of text.matchAll(/<(?:\w+:)?(\w+)(?:\s[^>]*)?>([^<]+)<\/(?:\w+:)?\1>/g)) {
      if (isSecretName(match[1] ?? '')) this.add(match[2]);
    }
  }

  /** The registered secrets (to redact another transcript of the same test with them). */
  values(): string[] {
    this.beforeRead();
    return [...this.#values];
  }

  /**
   * The text with every registered secret replaced, except in markup: XML tag and attribute names
   * and JSON object keys are never secrets, and a short secret that is part of one (a generated
   * invalid session key 'valu' in <field_value>) would make a redacted body no longer XML, or its
   * JSON another document: evidence and HAR files must stay what was sent, less the secrets.
   */
  redact(text: string): string {
    this.beforeRead();
    // Most texts hold no secret: they are returned without being taken apart.
    if (!this.#mayHoldOne(text)) return text;
    const isJson = looksLikeJson(text);
    let out = '';
    let from = 0;
    for (const match of text.matchAll(isJson ? JSON_STRING : XML_TAG)) {
      // A JSON string value is text, redacted with what surrounds it up to the next key.
      if (isJson && match[1] === undefined) continue;
      out += this.#redactText(text.slice(from, match.index));
      out += isJson ? match[0] : this.#redactTag(match[0]);
      from = match.index + match[0].length;
    }
    return out + this.#redactText(text.slice(from));
  }

  /** In a tag, only the attribute values: `<a:b c="VALUE">`. */
  #redactTag(tag: string): string {
    return tag.replace(/(=\s*)("[^"]*"|'[^']*')/g, (_, eq: string, value: string) => {
      return eq + this.#redactText(value);
    });
  }

  /** Whether a secret, its base64 form or a shortened prefix ('…') may be in the text. */
  #mayHoldOne(text: string): boolean {
    if (this.#values.size === 0) return false;
    if (text.includes('…')) return true;
    return this.#sortedForms().some((f) => text.includes(f.value) || text.includes(f.encoded));
  }

  /** Longest first, so a secret containing another is replaced whole. */
  #sortedForms(): Form[] {
    this.#forms ??= [...this.#values]
      .sort((a, b) => b.length - a.length)
      .map((value) => ({ value, encoded: Buffer.from(value).toString('base64') }));
    return this.#forms;
  }

  #redactText(text: string): string {
    let out = text;
    for (const { value, encoded } of this.#sortedForms()) {
      if (out.includes(value)) out = out.split(value).join(REDACTED);
      if (out.includes(encoded)) out = out.split(encoded).join(REDACTED);
      // Assertion messages shorten long strings with '…': a secret's prefix is a secret too.
      for (let length = value.length - 1; length >= 6 && out.includes('…'); length--) {
        out = out.split(`${value.slice(0, length)}…`).join(`${REDACTED}…`);
      }
    }
    return out;
  }
}

/** An XML start, end or empty tag, declaration or processing instruction, as written. */
const XML_TAG =
  /<[/?]?[A-Za-z_][\w.:-]*(?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*\s*[/?]?>/g;

/** A JSON string, with the colon that makes it an object key: `"name":`. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"(\s*:)?/g;

function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
