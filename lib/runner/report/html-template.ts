/**
 * Markup that escapes by default: in html`…`, every interpolated string or number is escaped;
 * only a nested html`…` (or `trusted(constant)`) goes in as markup. So a target's answer, a test
 * name or a message cannot open a tag in the report, whatever the code that renders it forgets.
 */
import { escapeXml } from '../../kit/xml/escape.ts';

const MARKUP = Symbol('markup');

export interface Html {
  readonly [MARKUP]: string;
}

/** What may stand in a hole: text (escaped), markup, nothing (false, null, undefined), or a list. */
export type Hole = string | number | Html | false | null | undefined | readonly Hole[];

export function html(strings: TemplateStringsArray, ...holes: readonly Hole[]): Html {
  let out = strings[0]!;
  holes.forEach((hole, i) => {
    out += render(hole) + strings[i + 1]!;
  });
  return markup(out);
}

/** A constant of this code base (CSS, the report's script) taken as markup, never a value read. */
export function trusted(text: string): Html {
  return markup(text);
}

/** A list of fragments joined by a separator (text is escaped, as in a hole). */
export function join(parts: readonly Hole[], separator: Html | string = ''): Html {
  return markup(parts.map(render).join(render(separator)));
}

export function toText(fragment: Html): string {
  return fragment[MARKUP];
}

/** The report's escaper: markup text escaping is one rule for the wire and the report alike. */
export const escapeMarkup = escapeXml;

function render(hole: Hole): string {
  if (hole === false || hole === null || hole === undefined) return '';
  if (typeof hole === 'string') return escapeMarkup(hole);
  if (typeof hole === 'number') return String(hole);
  if (isHtml(hole)) return hole[MARKUP];
  return hole.map(render).join('');
}

function isHtml(hole: Html | readonly Hole[]): hole is Html {
  return MARKUP in hole;
}

function markup(text: string): Html {
  return { [MARKUP]: text };
}
