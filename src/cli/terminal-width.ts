/**
 * The terminal commands' output fitted to the terminal's width. Only a terminal is fitted
 * (`outputWidth`): in a pipe or a file the output stays exactly as it was, line for line, so
 * scripts and golden files read the same bytes whatever window they ran in.
 *
 * Prose is wrapped at spaces (`wrapLine`), each continuation line indented under the text of its
 * first line: under "[part] ", "item: ", "1. ", or the column of a two-column line. A word is never
 * cut: an id, a path or a number longer than the room left overflows instead. What is typed back
 * is kept on one line: a command (`npm run ...`, up to two spaces or the line's end) and text in
 * backticks, and so is a number with its unit or written as a product or as odds ("11 min",
 * "3.57 × 10⁻²", "1 in 28"). Code and display math (a rendered Markdown's lines indented four spaces,
 * `fitText`) are left as written. Tables shrink the columns that wrap (`fitTable`), or say
 * they cannot. Messages on stderr ("error: ...") are fitted to stderr's own terminal (`errorWidth`,
 * `fitMessage`), by the same rules.
 */
import type { Io } from "./args.ts";

/** The narrowest width fitted to: below it, lines are fitted to this one (a 10-column window is not a layout). */
const narrowest = 20;

/** Text per line below which a continuation line's indent gives way (to the line's own indent, plus two). */
const roomForText = 20;

/**
 * The width stdout is fitted to, or undefined when it is not a terminal (a pipe, a file: left as
 * written). On a terminal, COLUMNS when it is set to a whole number (the user's word, as `ls` and
 * Python's shutil read it), else the terminal's own width (`Io.columns`).
 */
export function outputWidth(io: Partial<Pick<Io, "isTTY" | "columns" | "env">>): number | undefined {
  if (io.isTTY !== true) return undefined;
  const set = io.env?.COLUMNS?.trim() ?? "";
  const width = /^[1-9]\d*$/.test(set) ? Number(set) : io.columns;
  return width !== undefined && Number.isInteger(width) && width > 0 ? Math.max(width, narrowest) : undefined;
}

/**
 * The width stderr is fitted to, by outputWidth's rule for stderr's own terminal: a message is
 * fitted when stderr is a terminal, whether or not stdout is (`... | head` still shows its errors
 * in the window), and left as written in a file (`2> log`).
 */
export function errorWidth(io: Partial<Pick<Io, "stderrIsTTY" | "stderrColumns" | "env">>): number | undefined {
  return outputWidth({ isTTY: io.stderrIsTTY, columns: io.stderrColumns, env: io.env });
}

/** An SGR escape (markdown-text.ts writes bold and italic so): ESC, "[", digits and semicolons, "m". */
const ansiEscape = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Columns a text takes in a terminal: its characters, bold and italic escapes left out. */
export function displayWidth(text: string): number {
  let n = 0;
  for (const _ of text.replace(ansiEscape, "")) n++;
  return n;
}

/** Spaces that must not break a line (inside a command, in backticks, in a number's words), while the line is split into words. */
const glue = "\u0000";

/**
 * A command to type, through two spaces or the line's end, text in backticks, and a number
 * written in words and signs: a product ("3.57 × 10⁻²"), odds ("1 in 28", "1 in 8.41 ×
 * 10⁷⁷²") or a time and its unit ("11 min", "2,500 ms"). Each is kept on one line.
 */
const unbreakable =
  /`[^`\n]*`|npm run .*?(?= {2}|$)|\b\d[\d.,]* in \d[\d.,]*(?: × \d\S*)?|\d[\d.,]* × \d\S*|\b\d[\d.,]* (?:ms|s|min|h)\b/g;

/** The words of `text` that a line may break between: at spaces, but not inside what is kept on one line (unbreakable). */
export function unbreakableWords(text: string): string[] {
  return text
    .replace(unbreakable, (kept) => kept.replace(/ /g, glue))
    .split(" ")
    .map((word) => word.replaceAll(glue, " "));
}

/** Where a long word may break when it fits no line: after a comma that a letter follows (`a=...,b=...`), never in a number. */
const emergencyBreaks = /(?<=,)(?=[A-Za-z])/;

/**
 * The column a line's continuation lines start at: under the text after its label ("[part] ",
 * "  item: ", "1. ", "- ") or after a gap of three spaces or more (a two-column line), else at its
 * own indent. `gap` is where that gap ends, when the hang is a gap's.
 */
function hangOf(line: string): { indent: number; hang: number; gap?: number } {
  const indent = /^ */.exec(line)![0].length;
  // An "id: " label only on an indented line (a choice, an item): a paragraph that opens with
  // "Note: " is prose, wrapped back to its margin.
  const label = /^(?: *(?:\d+\.|[-*+]|\[[^\]\s]+\])| +[\w.-]+:) +(?=\S)/.exec(line);
  if (label) return { indent, hang: displayWidth(label[0]) };
  const gap = /^ *\S(?:.*?\S)? {3,}(?=\S)/.exec(line);
  if (gap) return { indent, hang: displayWidth(gap[0]), gap: gap[0].length };
  return { indent, hang: indent };
}

/**
 * One line of prose wrapped to `width` (the lines joined by "\n"): at spaces, continuation lines
 * indented to `hang` (default: hangOf). `gapAt`: the line is two columns, its second starting at
 * that index, where hangOf would see none (a gap of two spaces). A line that fits is returned as
 * it is.
 */
export function wrapLine(line: string, width: number, hang?: number, { gapAt }: { gapAt?: number } = {}): string {
  if (displayWidth(line) <= width) return line;
  let indent = /^ */.exec(line)![0].length;
  const found = gapAt === undefined ? hangOf(line) : { indent, hang: displayWidth(line.slice(0, gapAt)), gap: gapAt };
  let under = hang ?? found.hang;
  const text = line.slice(indent).replace(unbreakable, (kept) => kept.replace(/ /g, glue));
  // Too little room under the label or the column: continuation lines go two in from the line's
  // own indent, and a two-column line breaks at its gap, the second column below the first. A
  // line indented as deep (the second column's own continuation) comes in to four spaces.
  if (width - indent < roomForText) {
    indent = Math.min(indent, 4);
    if (hang === undefined) under = indent;
  }
  // So too when a word ("deploys-and-correlated-failure,") is wider than the room under the label
  // but not than the room two in: there it fits, where under the label it would overflow.
  const nearer = Math.min(indent + 2, Math.max(0, width - roomForText));
  const longest = Math.max(...text.split(" ").map((word) => displayWidth(word.replaceAll(glue, " "))));
  if (width - under < roomForText || (longest > width - under && longest <= width - nearer)) {
    under = nearer;
    if (hang === undefined && found.gap !== undefined) {
      const head = line.slice(found.indent, found.gap).trimEnd();
      const rest = line.slice(found.gap);
      return `${wrapLine(" ".repeat(indent) + head, width, under)}\n${wrapLine(" ".repeat(under) + rest, width, under)}`;
    }
  }
  // Words with the spaces before each, so a line keeps its own spacing where it does not break. A
  // word wider than any line's room is in pieces, each after the comma it may break at.
  const words = [...text.matchAll(/( *)([^ ]+)/g)].flatMap((m) => {
    const word = m[2]!.replaceAll(glue, " ");
    if (word !== m[2] || displayWidth(word) <= width - under) return [{ space: m[1]!, word }];
    return word.split(emergencyBreaks).map((piece, i) => ({ space: i === 0 ? m[1]! : "", word: piece }));
  });
  const lines: string[] = [];
  let current = " ".repeat(indent);
  let empty = true;
  for (const { space, word } of words) {
    if (empty) {
      current += word;
      empty = false;
    } else if (displayWidth(current) + space.length + displayWidth(word) <= width) {
      current += space + word;
    } else {
      lines.push(current);
      current = " ".repeat(under) + word;
    }
  }
  lines.push(current);
  return lines.map((l) => l.trimEnd()).join("\n");
}

/** Every line of `text` wrapped (wrapLine); as it is when `width` is undefined (not a terminal). */
export function fitLines(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  return text
    .split("\n")
    .map((line) => wrapLine(line, width))
    .join("\n");
}

/**
 * Text fitted to `width` with some of its lines left as written: `prefix` (a label, an indent)
 * goes before the first line, and each line `asWritten` does not match is wrapped (wrapLine). By
 * default that is rendered Markdown (src/format/markdown-text.ts), whose code and display math
 * are indented four spaces. With `width` undefined, `prefix + text` exactly.
 */
export function fitText(
  text: string,
  width: number | undefined,
  { prefix = "", asWritten = /^ {4}/ }: { prefix?: string; asWritten?: RegExp } = {},
): string {
  if (width === undefined) return prefix + text;
  return text
    .split("\n")
    .map((line, i) => {
      const whole = (i === 0 ? prefix : "") + line;
      return asWritten.test(line) ? whole : wrapLine(whole, width);
    })
    .join("\n");
}

/** `text` in lines no wider than `width`, broken at spaces only (a longer word overflows). */
function cellLines(text: string, width: number): string[] {
  return text === "" ? [""] : wrapLine(text, width, 0).split("\n");
}

/**
 * A table (the first row its header) fitted to `width`: the lines of each row, its cells wrapped
 * in their columns, and the header's rule; undefined when it cannot fit, every column at its
 * floor (its longest word, or `floors[c]` when the column's text is wider than that; a word as
 * unbreakableWords reads it, so "3.57 × 10⁻²" is one). Columns shrink from the one with the most
 * room to give, so the widest text wraps first; each is then as wide as its widest wrapped line.
 */
export function fitTable(
  rows: string[][],
  width: number,
  floors: readonly number[] = [],
): { widths: number[]; lines: string[][] } | undefined {
  const columns = rows[0]!.length;
  const natural = rows[0]!.map((_, c) => Math.max(...rows.map((r) => displayWidth(r[c] ?? ""))));
  const longestWord = rows[0]!.map((_, c) =>
    Math.max(...rows.flatMap((r) => unbreakableWords(r[c] ?? "").map(displayWidth))),
  );
  const floor = natural.map((n, c) => Math.min(n, Math.max(longestWord[c]!, floors[c] ?? 0)));
  const widths = [...natural];
  const room = width - 2 * (columns - 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > room) {
    let widest = -1;
    for (let c = 0; c < columns; c++)
      if (widths[c]! > floor[c]! && (widest === -1 || widths[c]! - floor[c]! > widths[widest]! - floor[widest]!))
        widest = c;
    if (widest === -1) return undefined;
    widths[widest]!--;
    total--;
  }
  // Each column as wide as its widest line once wrapped, which may be less than it was given.
  const wrapped = rows.map((row) => row.map((cell, c) => cellLines(cell, widths[c]!)));
  for (let c = 0; c < columns; c++)
    widths[c] = Math.max(...wrapped.flatMap((row) => (row[c] ?? [""]).map(displayWidth)));
  const lines = wrapped.map((cells) => {
    const height = Math.max(...cells.map((cell) => cell.length));
    return Array.from({ length: height }, (_, i) =>
      cells
        .map((cell, c) => {
          const text = cell[i] ?? "";
          return text + " ".repeat(Math.max(0, widths[c]! - displayWidth(text)));
        })
        .join("  ")
        .trimEnd(),
    );
  });
  return { widths, lines };
}

/**
 * A table too wide to fit as columns, one record after another: the first cell alone on a line,
 * then each other cell that is not empty as "header: value", wrapped under its value. With
 * `heading`, the first column's header (which says what the records are: "of the other 9,999
 * customers") opens the records as "header:", and they are indented under it.
 */
export function stackedTable(rows: string[][], width: number, { heading = false } = {}): string {
  const [header, ...body] = rows;
  const indent = heading ? "  " : "";
  const records = body.map((row) =>
    [
      wrapLine(indent + (row[0] ?? ""), width),
      ...row
        .slice(1)
        .flatMap((cell, c) => (cell === "" ? [] : [wrapLine(`${indent}  ${header![c + 1]}: ${cell}`, width)])),
    ].join("\n"),
  );
  return (heading ? [wrapLine(`${header![0]}:`, width), ...records] : records).join("\n");
}

/**
 * A message for stderr ("error: ...", "warning: ...") fitted to `width` (errorWidth): each line
 * wrapped (wrapLine), a line that opens with "error: " or "warning: " going on under the text
 * after it. As it is when `width` is undefined.
 */
export function fitMessage(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  return text
    .split("\n")
    .map((line) => wrapLine(line, width, /^(?:error|warning): /.exec(line)?.[0].length))
    .join("\n");
}

/**
 * Markdown with the lines of each paragraph (and of each list item) joined into one, to be
 * wrapped at the terminal's width: a line break inside a paragraph is a space in Markdown, and
 * kept, it would break the line where the source's editor did, as well as where the terminal
 * does. Fenced code is left as written, and blank lines, headings, list items, quotes and table
 * rows start lines of their own, as does the line after a hard break (two spaces, or a backslash).
 */
export function joinSoftBreaks(markdown: string): string {
  const out: string[] = [];
  let joinable = false;
  let closing: RegExp | undefined;
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (closing) {
      out.push(line);
      if (closing.test(line)) closing = undefined;
      continue;
    }
    // The fences as markdown-text.ts reads them: three or more backticks or tildes, closed by as many.
    const fence = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) closing = new RegExp(`^\\s*${fence[1]![0]}{${fence[1]!.length},}\\s*$`);
    const blank = line.trim() === "";
    const heading = /^\s{0,3}#{1,6}\s/.test(line);
    const own = fence || blank || heading || /^\s{0,3}(?:[-*+]|\d+[.)])\s/.test(line) || /^\s*[>|]/.test(line);
    if (joinable && !own) out[out.length - 1] += ` ${line.trim()}`;
    else out.push(line);
    joinable = !fence && !blank && !heading && !/^\s*\|/.test(line) && !/( {2}|\\)$/.test(line);
  }
  return out.join("\n");
}

/**
 * A usage of two columns (a command, then what it does) fitted to `width`: a description that
 * runs on over lines indented to its column is one line again, then wrapped (fitLines), so it
 * breaks where the terminal ends rather than also where the usage's source did. A line runs on
 * when it ends mid-sentence (not after ".", ";", ")", "?", "!" or "...") and neither it nor the
 * next opens with a label ("choice: "), which starts a line of its own; a line of one word is a
 * name in a list, which the next does not continue. In a usage's indented lines, a gap of two
 * spaces is a column too ("  --set NAME=VALUE  change a parameter"). A paragraph at the left
 * margin runs on to its blank line, as a Markdown paragraph does, but for a heading ("options:",
 * any line that ends with a colon) and a labelled line ("usage: ...", "progress: ..."), which
 * start lines of their own. The synopsis ("usage: npm run sim -- retry-storm [--seed N] ...")
 * breaks between its options, each option with its value kept whole, going on under the text
 * after "usage: ". A command too long for the line goes on below itself, four spaces in. As it
 * is when `width` is undefined.
 */
export function fitUsage(usage: string, width: number | undefined): string {
  if (width === undefined) return usage;
  const out: string[] = [];
  let column: number | undefined;
  let runsOn = false;
  const labelled = (text: string) => /^[\w.-]+: /.test(text);
  // An indented line's second column: after a gap of three spaces (hangOf), or of two, which in
  // a usage's indented lines is a column too ("  --set NAME=VALUE  change a parameter").
  const gapOf = (line: string) => hangOf(line).gap ?? /^ +\S(?:.*?\S)? {2,}(?=\S)/.exec(line)?.[0].length;
  for (const line of usage.split("\n")) {
    const indent = /^ */.exec(line)![0].length;
    const text = line.trim();
    if (runsOn && indent === column && text !== "" && !labelled(text)) {
      out[out.length - 1] += ` ${text}`;
    } else {
      out.push(line);
      const gap = gapOf(line);
      // A paragraph at the margin is a column at 0, but for a heading ("options:"), which the
      // lines under it do not continue.
      column = gap ?? (indent > 0 || !text.endsWith(":") ? indent : undefined);
      if (gap !== undefined && labelled(line.slice(gap))) column = undefined;
      if (gap === undefined && labelled(text)) column = undefined;
    }
    // A line of one word is a name in a list ("  retry-storm"), which the next name does not continue.
    const oneWord = /^ +\S+$/.test(line);
    // A paragraph at the margin runs on to its blank line (as Markdown's does), a description to
    // the end of its sentence.
    const ends = column === 0 ? text.endsWith(":") : /(?:[.;)?!]|\.\.\.)$/.test(text);
    runsOn = column !== undefined && text !== "" && !oneWord && !ends;
  }
  // A command too long for its line goes on four further in: not under its own start, where the
  // next command starts, nor under its description when that has come in below it.
  return out
    .map((line) => {
      if (/^usage: npm run /.test(line)) return fitSynopsis(line, width);
      const indent = /^ */.exec(line)![0].length;
      const gap = gapOf(line);
      if (gap !== undefined) return wrapLine(line, width, undefined, { gapAt: gap });
      const command = indent > 0 && indent < 8 && hangOf(line).hang === indent;
      return wrapLine(line, width, command ? indent + 4 : undefined);
    })
    .join("\n");
}

/**
 * A usage's synopsis ("usage: npm run sim -- cells [--cells N] [--fault KIND] ...") fitted to
 * `width`: the command (up to its first option) kept whole, as a command to type is, then its
 * options, each in brackets or with its value ("--workers N") not split unless it is wider than
 * a line, on lines under the text after "usage: ". As it is when it fits.
 */
function fitSynopsis(line: string, width: number): string {
  if (displayWidth(line) <= width) return line;
  const start = line.search(/ (?:\[|--)/);
  if (start === -1) return line;
  const hang = " ".repeat("usage: ".length);
  const options = line.slice(start + 1).match(/\[[^\]]*\]|--\S+(?: [A-Z<]\S*)?|\S+/g) ?? [];
  // An option wider than a line of its own ("[--defences bulkhead,breaker,...]") breaks at its
  // spaces, a word wider still overflowing whole, as a word of prose does.
  const pieces = options.flatMap((option) =>
    displayWidth(hang + option) <= width ? [option] : option.split(" ").filter(Boolean),
  );
  return fillPieces(line.slice(0, start), pieces, hang, width);
}

/**
 * `pieces` after `first`, a space apart, filling each line up to `width`; a piece that does not
 * fit on the line starts the next, after `hang` (a piece wider than its line overflows it whole).
 * A synopsis's options and a copyable log's members are broken only between them this way.
 */
export function fillPieces(first: string, pieces: readonly string[], hang: string, width: number): string {
  const lines = [first];
  for (const piece of pieces) {
    const last = lines[lines.length - 1]!;
    if (displayWidth(last) + 1 + displayWidth(piece) <= width) lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(hang + piece);
  }
  return lines.join("\n");
}
