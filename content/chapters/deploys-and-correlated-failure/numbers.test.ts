import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { grouped } from "../../../src/format/number.ts";
import { canaryDefaults as widgetScenario } from "../../../src/sim/canary-tradeoff.ts";
import { canary, canaryNeeds, canaryRows, fleet, hpe, leapSmear, rollouts, sre } from "./numbers.ts";

const chapter = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");

test("canary-first rollout over 20 cells of 1,000, waves of 4", () => {
  expect(fleet).toEqual({ cells: 20, perCell: 1000, waveSize: 4 });
  expect(rollouts.canaryCatches).toEqual({ customers: "1,000", share: "5%", cells: 1 });
  // Canary missed it; the first wave of 4 cells caught it: 5 cells exposed.
  expect(rollouts.firstWaveCatches).toEqual({ customers: "5,000", share: "25%", cells: 5 });
  expect(rollouts.nothingCatches).toEqual({ customers: "20,000", share: "100%", cells: 20 });
  expect(rollouts.allAtOnce.share).toBe("100%");
  expect(rollouts.perCell).toBe("1,000");
});

test("the SRE book's figure, as published: roughly 70% of outages come from changes", () => {
  expect(sre.outagesFromChanges).toBe("70%");
  // The frontmatter takes no expression: its description and objective restate the figure.
  const frontmatter = chapter.match(/^---\n([\s\S]*?)\n---\n/)?.[1] ?? "";
  expect(frontmatter.match(/^description: .*$/m)?.[0]).toContain(
    `roughly ${sre.outagesFromChanges} of Google's outages`,
  );
  expect(frontmatter).toContain(`(roughly ${sre.outagesFromChanges} in Google's SRE book)`);
});

test("Google Public NTP's leap smear, as published: the extra second spread over 24 hours", () => {
  expect(leapSmear).toEqual({ hours: "24" });
});

test("the model: a canary of any size needs the same requests to catch a regression, its share sets only how soon; it first touches the power, dips, then stays", async () => {
  const { canaryRequests, detectionProbability, detectionWithin } = await import("../../../src/sim/canary.ts");
  const { canaryDefaults, canaryRegressions, canaryShares } = await import("../../../src/sim/canary-tradeoff.ts");
  const { defaultCanaryState } = await import("../../../src/widgets/canary/render.ts");
  expect(canaryNeeds).toHaveLength(canaryRegressions.length);
  canaryRegressions.forEach((regressedErrorRate, i) => {
    const scenario = { ...canaryDefaults, regressedErrorRate };
    const { fewest, from: needed } = canaryNeeds[i]!;
    const chance = (requests: number) => detectionProbability({ ...scenario, requests });
    // The first: every smaller count falls short of the power, this one reaches it.
    const early: number[] = [];
    for (let n = 1; n < fewest; n++) if (chance(n) >= scenario.power) early.push(n);
    expect(early, `${regressedErrorRate}`).toEqual([]);
    expect(chance(fewest)).toBeGreaterThanOrEqual(scenario.power);
    // From `needed` on every count reaches it (src/sim/canary-tradeoff.test.ts checks each one); the count before does not.
    expect(needed).toBeGreaterThanOrEqual(fewest);
    expect(chance(needed)).toBeGreaterThanOrEqual(scenario.power);
    expect(chance(needed - 1)).toBeLessThan(scenario.power);
    for (const share of canaryShares) {
      const plan = { ...scenario, share };
      // A bake (not a whole number of seconds) in which this share serves exactly n requests.
      const bakeFor = (n: number) => (n + 0.5) / (scenario.rate * share);
      expect(canaryRequests(scenario.rate, share, bakeFor(needed))).toBe(needed);
      expect(canaryRequests(scenario.rate, share, bakeFor(needed - 1))).toBe(needed - 1);
      // "not on the share": the chance at n requests is the same whatever share served them.
      expect(detectionWithin(plan, bakeFor(needed))).toBe(chance(needed));
      expect(detectionWithin(plan, bakeFor(needed - 1))).toBe(chance(needed - 1));
      expect(detectionWithin(plan, bakeFor(needed - 1)), `${share} at ${regressedErrorRate}`).toBeLessThan(
        scenario.power,
      );
      expect(detectionWithin(plan, bakeFor(needed))).toBeGreaterThanOrEqual(scenario.power);
    }
  });
  // The sentence's setting is the one the widget opens on, and its count is the model's for it.
  expect(defaultCanaryState.regressedErrorRate).toBe(canaryDefaults.regressedErrorRate);
  const opening = canaryNeeds[(canaryRegressions as readonly number[]).indexOf(canaryDefaults.regressedErrorRate)]!;
  expect(canary.requestsNeeded).toBe(grouped(opening.from));
  expect(canary.requestsFirst).toBe(grouped(opening.fewest));
  expect(canary).toMatchObject({
    baseline: "0.1%",
    regressed: "0.3%",
    power: "95%",
    requestsNeeded: "7,695",
    requestsFirst: "7,292",
  });
  // "first touches 95% at 7,292 and falls back under it before it stays": the two differ, and a
  // count between them (at 7,480 the threshold rises from 15 errors to 16) falls short.
  const opens = { ...canaryDefaults, requests: 0 };
  expect(detectionProbability({ ...opens, requests: 7292 })).toBeGreaterThanOrEqual(0.95);
  expect(detectionProbability({ ...opens, requests: 7480 })).toBeLessThan(0.95);
});

test("the widget's whole-second table: its bakes hold up to the stated share more requests than the model needs, and a bigger share never bakes longer", () => {
  expect(canaryRows.length).toBe(canaryNeeds.length);
  let widest = 0;
  canaryRows.forEach((rows, i) => {
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      expect(Number.isInteger(row.bakeSeconds)).toBe(true);
      // Never fewer than the model's count; more only because a bake is whole seconds.
      expect(row.requests).toBeGreaterThanOrEqual(canaryNeeds[i]!.from);
      expect(row.requests - canaryNeeds[i]!.from).toBeLessThan(widgetScenario.rate * row.share);
      widest = Math.max(widest, row.requests / canaryNeeds[i]!.from - 1);
    }
    for (let j = 1; j < rows.length; j++) {
      expect(rows[j]!.share).toBeGreaterThan(rows[j - 1]!.share);
      expect(rows[j]!.bakeSeconds!).toBeLessThanOrEqual(rows[j - 1]!.bakeSeconds!);
    }
  });
  expect(canary.widestOvershoot).toBe(widest);
  // "up to": the figure shown is not below the widest overshoot, and rounds it (19.81%: 375
  // requests, 3 s of a 25% canary, against the 313 a 2% error rate needs).
  expect(canary.wholeSecondOvershoot).toBe("19.9%");
  expect(Number(canary.wholeSecondOvershoot.replace("%", "")) / 100).toBeGreaterThanOrEqual(widest);
  expect(widest).toBeCloseTo(375 / 313 - 1, 12);
});

test("the canary paragraph says what the model does, and names the widget's whole seconds for the overshoot", () => {
  const paragraph = chapter.slice(chapter.indexOf("How sure can a canary be"), chapter.indexOf("<CanaryWidget />"));
  const text = paragraph.replace(/\s+/g, " ");
  expect(text).toContain("not on the share of traffic they came from: a canary of any size needs the same number.");
  expect(text).toContain(
    "(errors up from {canary.baseline} to {canary.regressed}), a canary that has served {canary.requestsNeeded} requests or more catches it at least {canary.power} of the time.",
  );
  // What the widget's model does (src/sim/canary.ts detectionWithin: the count at the bake's end;
  // src/sim/canary-tradeoff.test.ts: each rise of the threshold knocks the chance back).
  expect(text).toContain(
    "The alarm checks once, at the end of the bake, against a threshold of whole errors, and a longer bake raises that threshold one error at a time; each rise knocks the chance back a little, so it first touches {canary.power} at {canary.requestsFirst} requests and falls back under it before it stays.",
  );
  // The old sentence gave the first count to reach the power as the count a canary needs.
  expect(text).not.toMatch(/that is \{canary\.requestsNeeded\} requests to catch it/);
  expect(text).toContain("The widget counts bakes in whole seconds");
  expect(text).toContain("can hold up to {canary.wholeSecondOvershoot} more requests than the count a canary needs.");
  // The old sentence put the whole-second overshoot on the model ("the hungriest share needs").
  expect(text).not.toMatch(/hungriest|about as many requests/);
});

test("HPE's bulletin, as published: failure at 32,768 hours of operation (3 years, 270 days and 8 hours)", () => {
  expect(hpe).toEqual({ hours: "32,768", days: "1,365" });
  // 3 × 365 + 270 days and 8 hours, as the bulletin states it.
  expect((3 * 365 + 270) * 24 + 8).toBe(32_768);
});

test("the correlated-failure exercise's leap smear: Google Public NTP's hours, cited to its page", () => {
  const explanation = readFileSync(
    new URL("../../../solutions/correlated-failure-defences/explanation.md", import.meta.url),
    "utf8",
  );
  const address = "https://developers.google.com/time/smear";
  expect(readFileSync(new URL("../../../docs/SOURCES.md", import.meta.url), "utf8")).toContain(`| ${address} |`);
  expect(chapter).toContain(address);
  expect(explanation).toContain(`Public NTP over ${leapSmear.hours}: [Leap Smear](${address})`);
  // One defence among others, not "the standard" one: NTP itself steps the clock.
  expect(explanation).not.toMatch(/standard\s+defence/);
});

test("the canary diagnosis in every variant: about half of healthy bakes end above the average, and the bake it asks for catches the regression at least 90% of the time", async () => {
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const { binomialTail, detectionWithin } = await import("../../../src/sim/canary.ts");
  const { bakeMinutesToCatch, canaryPlan, cellRequests } = await import("../../../src/sim/diagnosis/rollout.ts");
  const { variant } = await import("../../../solutions/diagnose-canary/solution.ts");
  const { meta } = loadExercise("diagnose-canary");
  const text = JSON.stringify(meta);
  expect(text).toContain(
    "Half of all healthy bakes end above the average: halting on that would stop about every other good release.",
  );
  expect(text).toContain("Half of healthy bakes end above it");
  expect(text).toContain("at least 90% of the time");
  const explanation = readFileSync(
    new URL("../../../solutions/diagnose-canary/explanation.md", import.meta.url),
    "utf8",
  );
  expect(explanation.replace(/\s+/g, " ")).toContain("at least nine times in ten");
  const { dealtParams } = await import("../../../tests/support/dealt-params.ts");
  const dealt = dealtParams(meta, variant, 30);
  for (const params of dealt) {
    const p = params as unknown as Parameters<typeof cellRequests>[0];
    const requests = cellRequests(p);
    const rate = p.baselinePct / 100;
    // "Half": the share of healthy bakes strictly above the mean.
    const above = binomialTail(requests, rate, Math.floor(requests * rate) + 1);
    expect(above, JSON.stringify(params)).toBeGreaterThan(0.4);
    expect(above, JSON.stringify(params)).toBeLessThanOrEqual(0.5);
    const plan = canaryPlan(p);
    const bake = bakeMinutesToCatch(p)!;
    expect(detectionWithin(plan, bake * 60)).toBeGreaterThanOrEqual(0.9);
    if (bake > 1) expect(detectionWithin(plan, (bake - 1) * 60)).toBeLessThan(0.9);
  }
});

test("the rollout playground: one draw per wave, as its comment says, and its golden's exposures are the canary then whole waves", () => {
  const program = readFileSync(new URL("./rollout.play.ts", import.meta.url), "utf8");
  const golden = readFileSync(new URL("./rollout.golden.txt", import.meta.url), "utf8");
  const setting = (name: string) =>
    Number(program.match(new RegExp(`const ${name} = ([\\d_.]+);`))?.[1]?.replace(/_/g, ""));
  expect(program).toContain("Each wave bakes for a\n// while; its health checks may notice the bad release");
  expect(program).toMatch(/for \(let w = 0; w < waves; w\+\+\) \{\n\s+if \(rand\(\) < catchChance\)/);
  const [cells, perCell, waveSize] = [setting("cells"), setting("customersPerCell"), setting("waveSize")];
  const expected: number[] = [];
  for (let reached = 1; ; reached = Math.min(cells, reached + waveSize)) {
    expected.push(reached * perCell);
    if (reached === cells) break;
  }
  const shown = [...golden.matchAll(/^ +([\d,]+) +[\d.]+%$/gm)].map((m) => Number(m[1]!.replace(/,/g, "")));
  expect(shown).toEqual(expected);
});
