/**
 * The course's Markdown and math as text for a terminal: what `npm run exercises` prints of an
 * exercise's prompt, hints and worked solution, which the page renders from the same sources with
 * remark-math and KaTeX (src/components/exercise/markdown.ts). Pure: no DOM, no Node.
 *
 *   markdownText("**Fixed groups.** *its* [FSRS](https://x.y)")   "Fixed groups. its FSRS (https://x.y)"
 *   markdownText("$C(n, k) = \\frac{n!}{k!\\,(n-k)!}$")            "C(n, k) = n! / (k! (n − k)!)"
 *   markdownText("**a**", { ansi: true })                         "\x1b[1ma\x1b[22m" (bold)
 *
 * Markdown: paragraphs, `#` headings (as bold lines), fenced code blocks (their lines verbatim,
 * indented four spaces, the fences dropped), **bold** and __bold__, *italic* and _italic_, links
 * `[text](url)` as "text (url)", backslash escapes, and math. Inline code keeps its backticks, one
 * pair however many mark it in the source (codeSpan): with colour off nothing else would set it
 * apart from the sentence around it, and what is inside is often exactly what to type (`1/500`,
 * `check <id>`). Lists and quotes are left as written: their marks read as they are.
 *
 * Math (`$...$`, and `$$...$$` alone in a paragraph, shown on its own line): \frac, \cdot, \times,
 * \text, \min, \sum, \lfloor \rfloor \lceil \rceil, \dots \cdots, `\,` and `\ ` spaces, ^ and _
 * scripts. A script of digits and signs is written in Unicode's superscript or subscript digits
 * (2⁵³, w₁); any other is ^k, or ^(...) when longer than a character (2^(attempt)). A bare
 * `{name}` in a formula is a placeholder for a number (src/grader/fill-params.ts), kept as
 * written to be filled in after rendering (`\frac{{workers}!}{2}`); a command's or a script's own
 * braces are its argument. A command outside this subset is left as written, so a check on the
 * content names it.
 *
 * Why not a library: the LaTeX-to-Unicode converters on npm (unicodeit 0.7.5, latex-to-unicode
 * 0.1.0) replace symbols one by one: \frac{a}{b} and \text{...} are left as they are, and a script
 * such as ^{\text{attempt}} comes out half converted; unicodeit also depends on a browser
 * autocomplete widget (typeahead). The subset above is what the exercises use, and small.
 */

import { subscripts, superscripts } from "./scripts.ts";

export interface TextStyle {
  /** Bold and italic as ANSI escapes (a terminal that shows them); otherwise the bare words. */
  ansi?: boolean;
}

const bold = (text: string, ansi: boolean) => (ansi ? `\x1b[1m${text}\x1b[22m` : text);
const italic = (text: string, ansi: boolean) => (ansi ? `\x1b[3m${text}\x1b[23m` : text);

/** Markdown (with math) as terminal text. */
export function markdownText(source: string, { ansi = false }: TextStyle = {}): string {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join("\n");
    paragraph = [];
    const display = /^\s*\$\$([\s\S]+)\$\$\s*$/.exec(text);
    if (display && !display[1]!.includes("$$")) out.push(`    ${mathText(display[1]!)}`);
    else out.push(...inlineText(text, ansi).split("\n"));
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^(\s*)(`{3,}|~{3,})/.exec(line);
    if (fence) {
      flush();
      const [, indent, mark] = fence as unknown as [string, string, string];
      const closing = new RegExp(`^\\s*${mark[0]}{${mark.length},}\\s*$`);
      for (i++; i < lines.length && !closing.test(lines[i]!); i++) {
        const code = lines[i]!;
        out.push(`    ${code.startsWith(indent) ? code.slice(indent.length) : code.trimStart()}`.trimEnd());
      }
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      flush();
      out.push(bold(inlineText(heading[1]!, ansi), ansi));
    } else if (line.trim() === "") {
      flush();
      out.push("");
    } else paragraph.push(line);
  }
  flush();
  return out.join("\n");
}

// Private-use brackets around a kept piece's number: they never occur in the course's text.
const open = "\uE000";
const close = "\uE001";

/**
 * A code span as the terminal shows it: what is inside, in one pair of backticks, whatever run of
 * them marks it in the source. A longer run is Markdown's way to put a backtick inside (``a`b``,
 * with the space each side it needs to start or end with one, dropped as the page drops it), and
 * printed as written it showed its doubled marks. What starts or ends with a backtick of its own
 * (`` `1/500` ``) is shown as it is: another pair would double them again.
 */
function codeSpan(inside: string): string {
  let code = inside.replace(/\n/g, " ");
  if (code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "") code = code.slice(1, -1);
  return code.startsWith("`") || code.endsWith("`") ? code : `\`${code}\``;
}

/**
 * One paragraph's inline Markdown. Code spans, math and escaped characters are set aside first
 * (nothing inside them is Markdown), then links and emphasis are read around them, so a bold
 * phrase may hold a formula ("**stop after $k$ steps**").
 */
function inlineText(text: string, ansi: boolean): string {
  const kept: string[] = [];
  const keep = (piece: string) => `${open}${kept.push(piece) - 1}${close}`;
  const marked = text
    .replace(
      /(`+)([\s\S]*?[^`])\1(?!`)|\$\$([\s\S]+?)\$\$|\$((?:\\[\s\S]|[^\\$])+?)\$|\\([!-/:-@[-`{-~])/g,
      (whole, ticks?: string, code?: string, display?: string, math?: string, escaped?: string) =>
        keep((display ?? math) ? mathText((display ?? math)!) : ticks ? codeSpan(code!) : (escaped ?? whole)),
    )
    .replace(/<(https?:\/\/[^>\s]+)>/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) =>
      label === url ? url : `${label} (${url})`,
    )
    // Emphasis opens before a non-space and closes after one, so `2 ** attempt` stays as written;
    // underscores and single stars never open or close inside a word (snake_case, 2*3*4).
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*|(?<!\w)__(?=\S)([\s\S]*?\S)__(?!\w)/g, (_, a?: string, b?: string) =>
      bold((a ?? b)!, ansi),
    )
    .replace(
      /(?<![\w*])\*(?=[^\s*])([\s\S]*?[^\s*])\*(?![\w*])|(?<!\w)_(?=[^\s_])([\s\S]*?[^\s_])_(?!\w)/g,
      (_, a?: string, b?: string) => italic((a ?? b)!, ansi),
    );
  return marked.replace(new RegExp(`${open}(\\d+)${close}`, "g"), (_, n: string) => kept[Number(n)]!);
}

// ---- math ----

/** How an atom is spaced, TeX's classes: binary operators and relations get spaces around them. */
type Kind = "ord" | "bin" | "rel" | "punct" | "open" | "close" | "space";

interface Atom {
  kind: Kind;
  text?: string;
  group?: Atom[];
  frac?: [Atom[], Atom[]];
  sup?: Atom[];
  sub?: Atom[];
}

const atomOf = (kind: Kind, text: string): Atom => ({ kind, text });

const commands: Readonly<Record<string, Readonly<Atom>>> = {
  cdot: atomOf("bin", "·"),
  times: atomOf("bin", "×"),
  dots: atomOf("ord", "…"),
  cdots: atomOf("ord", "⋯"),
  sum: atomOf("ord", "∑"),
  min: atomOf("ord", "min"),
  lfloor: atomOf("open", "⌊"),
  rfloor: atomOf("close", "⌋"),
  lceil: atomOf("open", "⌈"),
  rceil: atomOf("close", "⌉"),
};

const characters: Readonly<Record<string, Readonly<Atom>>> = {
  "+": atomOf("bin", "+"),
  "-": atomOf("bin", "−"),
  "=": atomOf("rel", "="),
  "<": atomOf("rel", "<"),
  ">": atomOf("rel", ">"),
  ",": atomOf("punct", ","),
  ";": atomOf("punct", ";"),
  "(": atomOf("open", "("),
  "[": atomOf("open", "["),
  ")": atomOf("close", ")"),
  "]": atomOf("close", "]"),
};

/** A TeX formula (the inside of `$...$`) as plain text: `\frac{n!}{k!}` -> "n!/k!". */
function mathText(tex: string): string {
  const reader = { tex, at: 0 };
  return layout(atoms(reader, false), false);
}

interface Reader {
  tex: string;
  at: number;
}

/** Atoms up to the end, or up to the `}` that closes a group (`inGroup`). */
function atoms(reader: Reader, inGroup: boolean): Atom[] {
  const list: Atom[] = [];
  while (reader.at < reader.tex.length) {
    const c = reader.tex[reader.at]!;
    if (c === "}" && inGroup) {
      reader.at++;
      return list;
    }
    if (c === "^" || c === "_") {
      reader.at++;
      while (list.at(-1)?.kind === "space") list.pop();
      const script = c === "^" ? "sup" : "sub";
      let base = list.at(-1);
      if (!base || base[script]) list.push((base = { kind: "ord", text: "" }));
      base[script] = argument(reader);
      continue;
    }
    list.push(atom(reader));
  }
  return list;
}

/** A command's argument or a script: a `{group}`, a command, or one character. */
function argument(reader: Reader): Atom[] {
  while (/\s/.test(reader.tex[reader.at] ?? "")) reader.at++;
  if (reader.tex[reader.at] === "{") {
    reader.at++;
    return atoms(reader, true);
  }
  return reader.at < reader.tex.length ? [atom(reader)] : [];
}

/** The text of a `\text{...}` argument, as written (nested braces included). */
function rawArgument(reader: Reader): string {
  while (/\s/.test(reader.tex[reader.at] ?? "")) reader.at++;
  if (reader.tex[reader.at] !== "{") return reader.tex[reader.at++] ?? "";
  let depth = 0;
  const start = reader.at + 1;
  for (; reader.at < reader.tex.length; reader.at++) {
    const c = reader.tex[reader.at];
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return reader.tex.slice(start, reader.at++);
  }
  return reader.tex.slice(start);
}

function atom(reader: Reader): Atom {
  const { tex } = reader;
  const c = tex[reader.at]!;
  if (/\s/.test(c)) {
    while (/\s/.test(tex[reader.at] ?? "")) reader.at++;
    return atomOf("space", " ");
  }
  // A {name} placeholder (src/grader/fill-params.ts) stays as written, for its number to be filled
  // in after rendering, as on the page; any other group is its content.
  const placeholder = /^\{[a-zA-Z][a-zA-Z0-9]*\}/.exec(tex.slice(reader.at))?.[0];
  if (placeholder) {
    reader.at += placeholder.length;
    return atomOf("ord", placeholder);
  }
  reader.at++;
  if (c === "{") return { kind: "ord", group: atoms(reader, true) };
  // Copies of the tables' atoms: a script is attached to its atom.
  if (c !== "\\") return { ...(characters[c] ?? atomOf("ord", c)) };
  const name = /^[a-zA-Z]+/.exec(tex.slice(reader.at))?.[0];
  if (!name) {
    // A control symbol: a space (`\,`, `\ `, `\;`, `\:`), none (`\!`), or the character itself (`\{`).
    const symbol = tex[reader.at++] ?? "";
    if (symbol === "!") return atomOf("ord", "");
    return /[\s,;:]/.test(symbol) ? atomOf("space", " ") : atomOf("ord", symbol);
  }
  reader.at += name.length;
  if (name === "frac") return { kind: "ord", frac: [argument(reader), argument(reader)] };
  if (name === "text") return atomOf("ord", rawArgument(reader));
  return { ...(commands[name] ?? atomOf("ord", `\\${name}`)) };
}

/**
 * Atoms as text. In a formula, source spaces count once, binary operators and relations are
 * spaced (a minus after an operator or an opening bracket is a sign, not spaced), and a comma is
 * followed by a space; in a script (`script`), nothing is spaced.
 */
function layout(list: Atom[], script: boolean): string {
  let text = "";
  let previous: Atom | undefined;
  for (const a of list) {
    let body = a.group ? layout(a.group, script) : a.frac ? fraction(a.frac, script) : (a.text ?? "");
    if (a.sub) body += scriptText(layout(a.sub, true), subscripts, "_");
    if (a.sup) body += scriptText(layout(a.sup, true), superscripts, "^");
    const sign = a.kind === "bin" && (!previous || ["bin", "rel", "open", "punct"].includes(previous.kind));
    if (script) text += a.kind === "space" ? "" : body;
    else if ((a.kind === "bin" && !sign) || a.kind === "rel") text += ` ${body} `;
    else if (a.kind === "punct") text += `${body} `;
    else text += body;
    if (a.kind !== "space") previous = sign ? { kind: "ord" } : a;
  }
  if (script) return text;
  return text
    .replace(/\s+/g, " ")
    .replace(/([([⌊⌈]) /g, "$1")
    .replace(/ ([)\]⌋⌉,;])/g, "$1")
    .trim();
}

/** Top-level spaces or operators make an expression compound: it is bracketed in a fraction. */
function compound(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if ("([⌊⌈".includes(c)) depth++;
    else if (")]⌋⌉".includes(c)) depth--;
    else if (depth === 0 && " +−=<>·×/,".includes(c)) return true;
  }
  return false;
}

/** n/k, or (n − k) / (k + 1) when either side is compound. */
function fraction([numerator, denominator]: [Atom[], Atom[]], script: boolean): string {
  const top = layout(numerator, script);
  const bottom = layout(denominator, script);
  if (!compound(top) && !compound(bottom)) return `${top}/${bottom}`;
  const side = (text: string) => (compound(text) ? `(${text})` : text);
  return script ? `${side(top)}/${side(bottom)}` : `${side(top)} / ${side(bottom)}`;
}

/** A script in Unicode's script characters when it has them all (2⁵³), else ^k or ^(...). */
function scriptText(text: string, table: Record<string, string>, mark: string): string {
  const chars = [...text];
  if (chars.length === 0) return "";
  if (chars.every((c) => Object.hasOwn(table, c))) return chars.map((c) => table[c]).join("");
  return chars.length === 1 ? `${mark}${text}` : `${mark}(${text})`;
}
