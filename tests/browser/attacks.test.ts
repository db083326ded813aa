/**
 * The attack list (tests/attacks/attacks.ts) against the page's runner in Chromium: the same
 * requests as the Node runner gets, sent through the page's own runner modules (the chunks the
 * exercise widget loads, found in the build), each expected to fail with its message.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { attacks } from "../attacks/attacks.ts";
import { contentSecurityPolicy, distDir, parseBuiltPage } from "../../tools/built-site.ts";

const root = new URL("../../", import.meta.url).pathname;
const checksOf = (id: string) => readFileSync(`${root}exercises/${id}/checks.ts`, "utf8");

/** The one built chunk named `name` (its hash aside). */
function builtChunk(name: string): string {
  const found = readdirSync(join(distDir, "_astro")).filter((file) =>
    new RegExp(`^${name}\\.[\\w-]+\\.js$`).test(file),
  );
  expect(found, `one ${name} chunk in the build`).toHaveLength(1);
  return found[0]!;
}

/** A built page's Content-Security-Policy, as its meta tag states it. */
const policyOf = (path: string) => contentSecurityPolicy(parseBuiltPage(path));

describeInBrowser("attacks on the page's runner", (browser) => {
  const { site } = browser;
  let page: Page;
  let chunks: { host: string; checkRun: string };

  beforeAll(async () => {
    page = browser.page;
    // The runner's modules, imported into a light page under exactly the policy of the chapter
    // whose code exercises load them (shuffle-sharding): no editor to mount, no checks run first.
    const policy = policyOf("shuffle-sharding");
    expect(policy).toMatch(/script-src 'self'/);
    expect(policyOf("progress")).toBe(policy);
    await page.goto(`${site}/progress/`);
    chunks = {
      host: `${site}/_astro/${builtChunk("browser-host")}`,
      checkRun: `${site}/_astro/${builtChunk("check-run")}`,
    };
  });

  async function attackInPage(attack: (typeof attacks)[number]) {
    const checks = attack.exercise ? (attack.checks ?? checksOf(attack.exercise)) : null;
    // A string, not a function: vitest would rewrite import() in a function's source.
    const args = JSON.stringify({ chunks, code: attack.code, checks });
    return (await page.evaluate(`(async ({ chunks, code, checks }) => {
      const { runInPage } = await import(chunks.host);
      const { checkRequest, checkOutcome } = await import(chunks.checkRun);
      const events = [];
      const request = checks === null
        ? { files: { "main.ts": code }, entry: "main.ts", timeoutMs: 5000 }
        : checkRequest(code, checks, 5000);
      const result = await runInPage(request, (e) => events.push(e)).result;
      if (checks === null) return { failed: result.status !== "ok", text: result.error?.message ?? "" };
      const outcome = checkOutcome(events, result);
      const lines = outcome.checks.map((c) => (c.passed ? "✓ " : "✗ ") + c.name + (c.message ? ": " + c.message : ""));
      return { failed: !outcome.passed, text: [outcome.summary, ...lines].join(String.fromCharCode(10)) };
    })(${args})`)) as { failed: boolean; text: string };
  }

  test("the reference solution passes through the same door", async () => {
    const solution = readFileSync(`${root}solutions/choose-exact/solution.ts`, "utf8");
    const outcome = await attackInPage({ ...attacks[0]!, code: solution, checks: undefined });
    expect(outcome).toEqual({ failed: false, text: expect.stringMatching(/^All 12 checks pass\./) });
  });

  test("every attack fails, with its message", async () => {
    const missed: string[] = [];
    for (const attack of attacks.filter((a) => a.only !== "node")) {
      const { failed, text } = await attackInPage(attack);
      if (!failed || !attack.expect.test(text)) missed.push(`${attack.id}: failed=${failed}\n${text}`);
    }
    expect(missed).toEqual([]);
  });
});
