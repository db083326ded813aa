/**
 * ec.config.mjs turns off Shiki's time limit per line, for Expressive Code's blocks and the
 * playgrounds' `<Code>` alike, so a build colours code the same on a quiet or a loaded machine.
 */
import { createHighlighter } from "shiki";
import { expect, test } from "vitest";
import ecConfig, { wholeLineTokens } from "../../ec.config.mjs";

test("Expressive Code and the playgrounds share the transformer", () => {
  expect(ecConfig.shiki.transformers).toEqual([wholeLineTokens]);
});

test("with the transformer, a line far too long for a 1 ms limit is coloured as with no limit", async () => {
  const highlighter = await createHighlighter({ themes: ["github-light"], langs: ["ts"] });
  // About 2,400 characters on one line: Shiki's tokenizer took 76 ms for it here (tens of times
  // the limit), so without the transformer the 1 ms run stops early and colours the rest as plain
  // text (checked below, so the test can tell).
  const line = Array.from({ length: 100 }, (_, i) => `const v${i} = f("s", ${i});`).join(" ");
  const html = (options: object) => highlighter.codeToHtml(line, { lang: "ts", theme: "github-light", ...options });
  const whole = html({ tokenizeTimeLimit: 0 });
  expect(html({ tokenizeTimeLimit: 1 })).not.toBe(whole);
  expect(html({ tokenizeTimeLimit: 1, transformers: [wholeLineTokens] })).toBe(whole);
  highlighter.dispose();
});
