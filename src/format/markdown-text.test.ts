import { describe, expect, test } from "vitest";
import { markdownText } from "./markdown-text.ts";

const math = (tex: string) => markdownText(`$${tex}$`);

describe("math as plain text", () => {
  test("\\frac: n/k for simple sides, brackets and spaces around a compound side", () => {
    expect(math("C(n, k) = \\frac{n!}{k!\\,(n-k)!}")).toBe("C(n, k) = n! / (k! (n − k)!)");
    expect(math("\\frac{1}{n}")).toBe("1/n");
    expect(math("C(m,\\ i) \\cdot \\frac{m+1}{i+1}")).toBe("C(m, i) · (m + 1) / (i + 1)");
  });
  test("\\cdot, \\times and the minus sign are spaced as operators; a leading or bracketed minus is a sign", () => {
    expect(math("9 \\times 10^{58}")).toBe("9 × 10⁵⁸");
    expect(math("a\\cdot b")).toBe("a · b");
    expect(math("n-k")).toBe("n − k");
    expect(math("-1 + (-x)")).toBe("−1 + (−x)");
    expect(math("x = -y")).toBe("x = −y");
  });
  test("\\text keeps its words and spaces; \\min is the word", () => {
    expect(math("\\min(\\text{cap},\\ \\text{base} \\cdot 2^{\\text{attempt}})")).toBe("min(cap, base · 2^(attempt))");
    expect(math("[0, \\text{ceiling})")).toBe("[0, ceiling)");
    expect(math("\\text{per {day}}")).toBe("per {day}");
  });
  test("\\sum and its limits, the same the second time (a script never changes the command's table)", () => {
    for (let time = 0; time < 2; time++)
      expect(math("1 - \\sum_{k=0}^{n} e^{-L} L^k / k!")).toBe("1 − ∑_(k=0)^n e^(−L) L^k / k!");
    expect(math("\\sum + (x)^2 + (y)")).toBe("∑ + (x)² + (y)");
  });
  test("floor and ceiling brackets hug what they hold", () => {
    expect(math("\\lceil n t \\rceil")).toBe("⌈n t⌉");
    expect(math("\\lfloor n t \\rfloor + 1")).toBe("⌊n t⌋ + 1");
  });
  test("\\dots and \\cdots", () => {
    expect(math("(w_1, \\dots, w_k)")).toBe("(w₁, …, w_k)");
    expect(math("a \\cdots b")).toBe("a ⋯ b");
  });
  test("\\, and \\ are spaces; source spaces count once", () => {
    expect(math("k!\\,(n)")).toBe("k! (n)");
    expect(math("a\\ b")).toBe("a b");
    expect(math("a    b")).toBe("a b");
    expect(math("C(n,k)")).toBe("C(n, k)");
  });
  test("superscripts: digits and signs in Unicode's superscripts, else ^x or ^(...)", () => {
    expect(math("2^{53}")).toBe("2⁵³");
    expect(math("10^6")).toBe("10⁶");
    expect(math("10^{-3}")).toBe("10⁻³");
    expect(math("p^k")).toBe("p^k");
    expect(math("2^{n+1}")).toBe("2^(n+1)");
  });
  test("subscripts: digits in Unicode's subscripts, else _x or _(...)", () => {
    expect(math("w_1")).toBe("w₁");
    expect(math("x_{12}")).toBe("x₁₂");
    expect(math("w_k")).toBe("w_k");
    expect(math("x_{i+1}")).toBe("x_(i+1)");
    expect(math("x_1^2")).toBe("x₁²");
  });
  test("a {name} placeholder in a formula is kept for its number; a command's or a script's braces are its argument", () => {
    expect(math("C({workers}, {shard}) = \\frac{{workers}!}{{shard}!}")).toBe(
      "C({workers}, {shard}) = {workers}!/{shard}!",
    );
    expect(math("\\frac{n}{k} + 2^{n}")).toBe("n/k + 2^n");
  });
  test("a command outside the subset is left as written, so a check on the content names it", () => {
    expect(math("\\alpha + 1")).toBe("\\alpha + 1");
  });
  test("display math alone in a paragraph is a line of its own, indented", () => {
    expect(markdownText("so\n\n$$C(m+1,\\ i+1) = C(m,\\ i)$$\n\nthen")).toBe(
      "so\n\n    C(m + 1, i + 1) = C(m, i)\n\nthen",
    );
    expect(markdownText("inline $$x^2$$ too")).toBe("inline x² too");
  });
  test("a formula may break across lines of its paragraph; an escaped dollar is a dollar", () => {
    expect(markdownText("is $1 /\nC(n, k)$ each")).toBe("is 1 / C(n, k) each");
    expect(markdownText("costs \\$5 and \\$6")).toBe("costs $5 and $6");
  });
});

describe("Markdown as terminal text", () => {
  test("bold and italic: the bare words without ANSI, bold and italic escapes with it", () => {
    const source = "**Shuffle sharding.** all of *its* workers, __both__ and _one_";
    expect(markdownText(source)).toBe("Shuffle sharding. all of its workers, both and one");
    expect(markdownText(source, { ansi: true })).toBe(
      "\x1b[1mShuffle sharding.\x1b[22m all of \x1b[3mits\x1b[23m workers, \x1b[1mboth\x1b[22m and \x1b[3mone\x1b[23m",
    );
  });
  test("emphasis may span lines and hold a formula or italics", () => {
    expect(markdownText("you can **stop after $k$\nsteps**: $k$ draws")).toBe("you can stop after k\nsteps: k draws");
    expect(markdownText("**a *b* c**", { ansi: true })).toBe("\x1b[1ma \x1b[3mb\x1b[23m c\x1b[22m");
  });
  test("stars and underscores that cannot be emphasis stay as written", () => {
    for (const text of ["base * 2 ** attempt", "2*3*4", "snake_case_name", "a * b * c", "2 ** 5000"])
      expect(markdownText(text)).toBe(text);
  });
  test("links are their text and their address", () => {
    expect(markdownText("[ts-fsrs](https://github.com/open-spaced-repetition/ts-fsrs), ok")).toBe(
      "ts-fsrs (https://github.com/open-spaced-repetition/ts-fsrs), ok",
    );
    expect(markdownText("[https://a.b/](https://a.b/) and <https://c.d/>")).toBe("https://a.b/ and https://c.d/");
  });
  test("inline code keeps its backticks, and nothing inside it is read as Markdown or math", () => {
    expect(markdownText("`2 ** 5000` is `Infinity`; `$x$` and `**a**`, **b**")).toBe(
      "`2 ** 5000` is `Infinity`; `$x$` and `**a**`, b",
    );
  });
  // QA: a code span marked with two backticks, the Markdown for code that holds one, printed its
  // marks doubled ("Expressions such as `` `500 * 0.02 / 7` `` are fine.").
  test("inline code keeps one pair of backticks, however many mark it in the source", () => {
    expect(markdownText("Expressions such as `` `500 * 0.02 / 7` `` are fine.")).toBe(
      "Expressions such as `500 * 0.02 / 7` are fine.",
    );
    expect(markdownText("Type ``a`b`` or `` 1/500 `` or ```c``` or ` d `.")).toBe(
      "Type `a`b` or `1/500` or `c` or `d`.",
    );
    // Only the one space each side that a backtick inside needs is dropped, as the page drops it.
    expect(markdownText("``  two  `` and `` ``")).toBe("` two ` and ` `");
    for (const text of ["`` `x` ``", "``a`b``", "```c```", "`` 1/500 ``"])
      expect(markdownText(text)).not.toContain("``");
  });
  test("headings are bold lines; escapes are their character", () => {
    expect(markdownText("# Read a *map*\n\ntext")).toBe("Read a map\n\ntext");
    expect(markdownText("## Two", { ansi: true })).toBe("\x1b[1mTwo\x1b[22m");
    expect(markdownText("\\*not italic\\* and \\_not\\_")).toBe("*not italic* and _not_");
  });
  test("a fenced code block is kept verbatim, indented four spaces, without its fences", () => {
    const source = "Here:\n\n```text\nservice web weight 60\n  **not bold** $x$\n```\n\nAfter.";
    expect(markdownText(source)).toBe("Here:\n\n    service web weight 60\n      **not bold** $x$\n\nAfter.");
  });
  test("lists, line breaks and {placeholders} are left as written", () => {
    const source = "1. **one** {workers}\n2. two\n- `x`: the *ceiling*\n  continued";
    expect(markdownText(source)).toBe("1. one {workers}\n2. two\n- `x`: the ceiling\n  continued");
  });
});
