/**
 * The attack list (attacks.ts) against the Node runner: each attack must fail, with its
 * message. tests/browser/attacks.test.ts runs the same list in Chromium.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { checkOutcome, checkRequest, checkRunLine } from "../../src/grader/check-run.ts";
import { checkText, type RunEvent } from "../../src/playground/protocol.ts";
import { childFlags, runInNode, runnerBundle } from "../../src/playground/node-host.ts";
import { attacks } from "./attacks.ts";

const root = new URL("../../", import.meta.url).pathname;
const checksOf = (id: string) => readFileSync(`${root}exercises/${id}/checks.ts`, "utf8");

/** What the learner is shown, as text: the check run's summary and check lines, or the playground's error. */
async function attackInNode(attack: (typeof attacks)[number]) {
  const events: RunEvent[] = [];
  if (attack.exercise) {
    const request = checkRequest(attack.code, attack.checks ?? checksOf(attack.exercise), 5000);
    const result = await runInNode(request, (event) => events.push(event));
    const outcome = checkOutcome(events, result);
    return {
      failed: !outcome.passed,
      text: [outcome.summary, ...outcome.checks.map(checkText)].join("\n"),
      events,
    };
  }
  const result = await runInNode({ files: { "main.ts": attack.code }, entry: "main.ts", timeoutMs: 5000 }, (event) =>
    events.push(event),
  );
  return { failed: result.status !== "ok", text: result.error?.message ?? "", events };
}

describe("attacks on the Node runner", { timeout: 30_000 }, () => {
  test.each(attacks.filter((a) => a.only !== "page"))("$id: $what", async (attack) => {
    const { failed, text } = await attackInNode(attack);
    expect(failed).toBe(true);
    expect(text).toMatch(attack.expect);
  });

  test("a printed check line is shown behind a bar in the terminal, never as a check", async () => {
    const { events } = await attackInNode(attacks.find((a) => a.id === "fake-check-lines")!);
    expect(events.map(checkRunLine)).toContain("  │ ✓ C(8, 2) is 28n");
    expect(events.filter((e) => e.kind === "check")).toEqual([]);
  });

  test("the reference solution still passes, so the attacks fail for what they do", async () => {
    const events: RunEvent[] = [];
    const solution = readFileSync(`${root}solutions/choose-exact/solution.ts`, "utf8");
    const result = await runInNode(checkRequest(solution, checksOf("choose-exact"), 5000), (e) => events.push(e));
    expect(checkOutcome(events, result)).toMatchObject({ passed: true, summary: "All 12 checks pass." });
  });

  test("second wall: the run's process may not read the project's files or start processes", () => {
    const bundle = runnerBundle();
    const attempt = (code: string) => {
      try {
        execFileSync(process.execPath, [...childFlags(bundle), "-e", code], { env: {}, stdio: "pipe" });
        return "allowed";
      } catch (error) {
        return String((error as { stderr?: Buffer }).stderr);
      }
    };
    expect(
      attempt(`require("fs").readFileSync(${JSON.stringify(`${root}solutions/choose-exact/solution.ts`)})`),
    ).toMatch(/ERR_ACCESS_DENIED/);
    expect(attempt(`require("fs").writeFileSync("/tmp/blast-radius-attack", "x")`)).toMatch(/ERR_ACCESS_DENIED/);
    expect(attempt(`require("child_process").execSync("true")`)).toMatch(/ERR_ACCESS_DENIED/);
    expect(attempt(`if (Object.keys(process.env).length) throw new Error("env")`)).toBe("allowed");
  });
});
