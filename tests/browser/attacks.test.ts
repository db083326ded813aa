/**
 * The attack list (tests/attacks/attacks.ts) against the page's runner in Chromium: the same
 * requests as the Node runner gets, sent through the page's own runner modules (the chunks the
 * exercise widget loads), each expected to fail with its message.
 */
import { readFileSync } from "node:fs";
import { beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";
import { attacks } from "../attacks/attacks.ts";

const root = new URL("../../", import.meta.url).pathname;
const checksOf = (id: string) => readFileSync(`${root}exercises/${id}/checks.ts`, "utf8");

describeInBrowser("attacks on the page's runner", (browser) => {
  const { site } = browser;
  let page: Page;
  let chunks: { host: string; checkRun: string };

  beforeAll(async () => {
    page = browser.page;
    await page.goto(`${site}/shuffle-sharding/`);
    // The exercise widget loads the runner and the check-run module on first use.
    const exercise = page.locator('[data-exercise="choose-exact"]');
    await exercise.getByRole("button", { name: "Check", exact: true }).click();
    await exercise.locator('[data-part="code"] [data-feedback][data-verdict]').waitFor({ timeout: 20_000 });
    chunks = await page.evaluate(() => {
      const urls = performance.getEntriesByType("resource").map((e) => e.name);
      const find = (name: string) => urls.find((u) => new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`).test(u))!;
      return { host: find("browser-host"), checkRun: find("check-run") };
    });
    expect(chunks.host).toBeTruthy();
    expect(chunks.checkRun).toBeTruthy();
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
