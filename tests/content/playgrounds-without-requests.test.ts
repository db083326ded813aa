/**
 * Every playground that runs the retry storm (each prints its success rates), run with no
 * request at all (load 0): a rate of nothing is neither 100% nor 0%, so each says that no
 * request arrived instead of printing a percentage, NaN or null. The list is every `.play.ts`
 * that calls `runRetryStorm`, so a new one must say what it prints here. At their own settings every service has requests, and the golden files
 * (playgrounds.test.ts) hold what they print then.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { runInNode } from "../../src/playground/node-host.ts";
import { requestForFile } from "../../src/playground/node-files.ts";
import { eventText } from "../../src/playground/protocol.ts";
import { tempDir } from "../support/temp-dir.ts";

const contentDir = new URL("../../content/chapters/", import.meta.url).pathname;
const dir = tempDir("play-no-requests");

/** What a playground prints once every run in it has load 0 (the runs all switch the intervention off). */
async function printedWithoutRequests(program: string): Promise<string> {
  const source = readFileSync(join(contentDir, program), "utf8");
  const changed = source.replaceAll("intervention: null", "intervention: null, load: 0");
  expect(changed, `${program} sets no intervention to change`).not.toBe(source);
  const file = join(dir, program.replace("/", "-"));
  writeFileSync(file, changed);
  let printed = "";
  const result = await runInNode(requestForFile(file, 45_000), (event) => void (printed += `${eventText(event)}\n`));
  expect(result.error, `${program} failed`).toBeUndefined();
  return printed;
}

/** What each playground says when no request arrived. */
const says: Record<string, RegExp> = {
  "circuit-breakers/breaker.play.ts":
    /^naive: checkout no requests, quotes no requests, search no requests, accounts no requests;/m,
  "retry-budgets/retry-budget.play.ts": /^token bucket +no request arrived$/m,
  "load-shedding/shed.play.ts": /^shedding: longest wait queue 0, no service had a request, recovered: false$/m,
  "bulkheads/bulkhead.play.ts": /^ {2}search +calls catalog +no request arrived \(0-120 s\)$/m,
  "retry-storm/retry-policy.play.ts": /^ {2}unrelated services: +no request arrived during the incident \(0-300 s\)$/m,
};

/** Every playground that runs the retry storm (each sets its runs' intervention to none). */
const stormPlaygrounds = readdirSync(contentDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".play.ts") && /\brunRetryStorm\b/.test(readFileSync(join(contentDir, file), "utf8")))
  .sort();

test("every playground that runs the retry storm is here", () => {
  expect(stormPlaygrounds.length).toBeGreaterThan(0);
  expect(Object.keys(says).sort()).toEqual(stormPlaygrounds);
});

test.each(stormPlaygrounds)(
  "%s says no request arrived, and prints no success rate",
  { timeout: 60_000 },
  async (program) => {
    const printed = await printedWithoutRequests(program);
    expect(printed).toMatch(says[program] as RegExp);
    // No percentage, and no rate of nothing: NaN, a null amplification, or 0 tries per request.
    expect(printed).not.toMatch(/\d%|NaN|\bnull\b|tries per request:? +(0|null)\b/);
  },
);
