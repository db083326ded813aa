/**
 * Figures a page types instead of computing, where it cannot compute them: the retry-storm
 * chapter's description (frontmatter takes no expression), the naive loop written out as code in
 * two chapters (a code block shows text, not values), and a playground's comment. Each is held
 * here to the model it restates, so changing a default fails until the page says the same.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { inWords } from "../../src/format/words.ts";
import { defaultParameters, naiveRetryPolicy } from "../../src/sim/retry-storm/index.ts";
import { mulberry32 } from "../../src/sim/random.ts";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const defaults = defaultParameters();

/** The one ```ts block of a chapter (each of the two has exactly one). */
function codeBlock(slug: string): string {
  const blocks = [...read(`content/chapters/${slug}/index.mdx`).matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
  expect(blocks, slug).toHaveLength(1);
  return blocks[0]![1]!;
}

/** One match of `pattern` in `text`, its first group as a number. */
function figure(text: string, pattern: RegExp): number {
  const m = text.match(pattern);
  expect(m, String(pattern)).not.toBeNull();
  return Number(m![1]);
}

test("the case study's description: a four-second slowdown, ended by operators after eleven minutes", () => {
  const description = read("content/chapters/retry-storm/index.mdx").match(/^description: (.*)$/m)?.[1] ?? "";
  expect(description).toContain(`A ${inWords(defaults.triggerDuration)}-second slowdown`);
  // The intervention is counted from the trigger's start (the model's time 0), in whole minutes.
  expect(defaults.intervention! % 60).toBe(0);
  expect(description).toContain(`operators ended it after ${inWords(defaults.intervention! / 60)} minutes`);
});

test.each(["timeouts-retries-backoff", "retry-storm"])(
  "%s: the naive loop's code is the model's naive loop",
  (slug) => {
    const code = codeBlock(slug);
    expect(figure(code, /attempt < (\d+);/)).toBe(defaults.attempts);
    expect(figure(code, /(?:timeoutMs: |withTimeout\()(\d+)/)).toBe(defaults.attemptTimeout * 1000);
    expect(figure(code, /sleep\((\d+) \* attempt\)/)).toBe(defaults.sleepStep);
  },
);

test("the case study's loop lists the sleeps the model's naive loop makes after each failed try", () => {
  const listed = codeBlock("retry-storm").match(/\/\/ ([\d, ]+) ms: it even sleeps after the last try/)?.[1];
  expect(listed).toBeDefined();
  const policy = naiveRetryPolicy(defaults.attempts, defaults.sleepStep);
  const random = mulberry32(1);
  const decisions = Array.from({ length: defaults.attempts }, (_, k) => policy(k, random));
  expect(listed!.split(", ").map(Number)).toEqual(decisions.map((d) => d.sleepMs));
  // "even after the last try": the last failure still sleeps, though it retries no more.
  expect(decisions.at(-1)).toEqual({ sleepMs: (defaults.attempts - 1) * defaults.sleepStep, retry: false });
});

test("the retry-policy playground runs for the five minutes its comment and the chapter say", () => {
  const program = read("content/chapters/retry-storm/retry-policy.play.ts");
  const seconds = figure(program, /duration: (\d+)/);
  expect(seconds % 60).toBe(0);
  const minutes = inWords(seconds / 60);
  expect(program).toContain(`// ${minutes[0]!.toUpperCase()}${minutes.slice(1)} minutes after the trigger`);
  expect(read("content/chapters/retry-storm/index.mdx")).toContain(
    `The program runs ${minutes} minutes after the trigger`,
  );
});
