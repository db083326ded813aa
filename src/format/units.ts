/**
 * A number and its unit stay on one line: the space between a number and a unit of measure
 * ("500 ms", "2 seconds", "1.5 %") in running text becomes a no-break space (U+00A0), so no line
 * ends at "500" with "ms" at the start of the next. Counts ("3 zones") may still break, as any two
 * words may. The build applies `keepUnitsInPage` to every page (src/integrations/number-units.ts);
 * a widget that writes text over the page's applies the same rule to what it writes, so its text
 * breaks as the server's did.
 *
 * In a page, only running text changes: nothing inside a tag (attributes), a comment, or a script,
 * style, pre, code, textarea, template, math or svg element.
 */

/** Units of measure the course writes after a number: time, data sizes, and the percent sign. */
export const units = [
  "ms",
  "s",
  "second",
  "seconds",
  "min",
  "minute",
  "minutes",
  "h",
  "hour",
  "hours",
  "d",
  "day",
  "days",
  "KB",
  "MB",
  "GB",
  "TB",
  "%",
] as const;

/**
 * Elements whose text is left exactly as written: code (a playground keeps its program in a
 * template), math and diagrams. A script's, a style's and a text area's are raw text, read to
 * their closing tag in one piece (a "<" in a script opens no tag).
 */
const untouched = new Set(["pre", "code", "template", "math", "svg"]);
/**
 * Elements that sit inside a line of text: a number in one ("<output>500</output> ms") and its
 * unit in the text after it are still one line's words.
 */
const inline = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "mark",
  "output",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
]);

const unit = `(?:${units.join("|")})(?![\\p{L}\\p{N}_])`;
const spaceBeforeUnit = new RegExp(`(\\d)\\s+(?=${unit})`, "gu");
const leadingSpaceBeforeUnit = new RegExp(`^\\s+(?=${unit})`, "u");

/** `text` with the white space between each number and the unit after it made one no-break space. */
export function keepUnitWithNumber(text: string): string {
  return text.replace(spaceBeforeUnit, "$1\u00a0");
}

/** The page with its running text's numbers kept with their units (see the file's comment). */
export function keepUnitsInPage(html: string): string {
  /** How deep inside an untouched element, and which one. */
  let inside = 0;
  let closing = "";
  /** The text since the last tag that breaks a line of text (a block, a <br>). */
  let line = "";
  // One token at a time: a raw-text element whole (script, style, textarea; one never closed runs
  // to the end, as a browser reads it), a comment, a tag (its attributes quoted or not, so a ">"
  // inside quotes does not end it), a run of text, or a lone "<".
  return html.replace(
    /<(script|style|textarea)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?(?:<\/\1\s*>|$)|<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w:-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</gi,
    (token: string, raw: string | undefined, slash: string | undefined, tag: string | undefined) => {
      if (raw !== undefined) {
        line = "";
        return token;
      }
      if (tag !== undefined) {
        const name = tag.toLowerCase();
        const selfClosing = token.endsWith("/>");
        if (inside === 0 && !slash && untouched.has(name) && !selfClosing) {
          inside = 1;
          closing = name;
        } else if (inside > 0 && name === closing) {
          inside += slash ? -1 : selfClosing ? 0 : 1;
        }
        if (!inline.has(name)) line = "";
        return token;
      }
      if (inside > 0 || token.startsWith("<")) return token;
      let kept = keepUnitWithNumber(token);
      if (/\d$/.test(line)) kept = kept.replace(leadingSpaceBeforeUnit, "\u00a0");
      line += kept;
      return kept;
    },
  );
}

/**
 * The unit a chart's title adds in brackets, or undefined when the title already says it: a
 * title says its unit once ("Calls per second", not "Calls per second (per second)"; "Pooled
 * connections in use", not "… (connections)"), and one that does not gets it ("Latency (ms)").
 */
export function unitBesideTitle(title: string, unit: string): string | undefined {
  // As a whole word: "s" is not said by "Requests".
  const said = new RegExp(`(?<![\\p{L}\\p{N}])${unit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "iu");
  return said.test(title) ? undefined : unit;
}

/**
 * A figure kept on one line while the words around it wrap (the workshop agenda's and the run
 * sheets' expected figures: at 390 px the agenda ended a line at "1.33 ×"). `text` (plain text, or
 * HTML whose only markup is a power of ten's <sup>) with every figure in it unbreakable: the spaces around a "×" ("1.33 × 10<sup>-6</sup>%"), between a number and its unit
 * ("11 min", keepUnitWithNumber) and between the parts of a length in hours and minutes ("10 min
 * 56 s") become no-break spaces. The words around a figure still break as any words do.
 */
export function unbrokenFigures(text: string): string {
  return keepUnitWithNumber(text.replace(/(\S)[ \t\n]+×[ \t\n]+(?=\S)/g, `$1\u00a0×\u00a0`)).replace(
    /(\d\u00a0(?:h|min))[ \t\n]+(?=\d)/g,
    `$1\u00a0`,
  );
}

/** A number joined to its unit by a hyphen ("30-day", "1.5-hour"), as a whole word. */
const hyphenedFigure = new RegExp(`\\d+(?:\\.\\d+)?-${unit}`, "gu");

/**
 * `text` with each number joined to its unit by a hyphen ("the 30-day budget") passed through
 * `bind`, which keeps it on one line: a browser may end a line after any hyphen, and the error
 * budget's "30-day" broke after "30-" on a phone. No character in the text does it here: a no-break
 * hyphen (U+2011) would change the words, which the terminal prints too and a search looks for,
 * so the caller binds by markup (an element styled white-space: nowrap) and says which. A hyphened
 * word ("tenant-minutes") and a number before a longer word ("3-dayish") are left as they are.
 */
export function bindHyphenedFigures(text: string, bind: (figure: string) => string): string {
  return text.replace(hyphenedFigure, bind);
}
