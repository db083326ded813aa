import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { ExerciseMeta, Part } from "../../../src/grader/exercise-schema.ts";
import { exerciseMap } from "../../../solutions/map-blast-radius/map.ts";
import { answers } from "../../../solutions/map-blast-radius/solution.ts";

/** An exercise's part of one kind, by id. */
function partNamed<K extends Part["kind"]>(meta: ExerciseMeta, id: string, kind: K): Extract<Part, { kind: K }> {
  const part = (meta.kind === "code" ? [] : meta.parts).find((p) => p.id === id);
  if (part?.kind !== kind) throw new Error(`no ${kind} part ${id}`);
  return part as Extract<Part, { kind: K }>;
}

test("the exercise README shows exactly the map the solution analyses", () => {
  const readme = readFileSync(new URL("../../../exercises/map-blast-radius/README.md", import.meta.url), "utf8");
  expect(readme).toContain("```\n" + exerciseMap + "```");
});

test("the solution agrees with a count by hand (explanation.md)", () => {
  expect(answers()).toEqual({ "db-services": 5 / 6, "db-traffic": 1, "sessions-traffic": 0.6 });
});

test("the hidden-shared-fate exercise: README shows the map, and the analysis flags app-workers and reports-db", async () => {
  const { sharingMap } = await import("../../../solutions/unrelated-sharing/map.ts");
  const { answers: sharing } = await import("../../../solutions/unrelated-sharing/solution.ts");
  const readme = readFileSync(new URL("../../../exercises/unrelated-sharing/README.md", import.meta.url), "utf8");
  expect(readme).toContain("```\n" + sharingMap + "```");
  expect(sharing.flagged).toEqual(["app-workers", "reports-db"]); // worked by hand in explanation.md
});

test("the reachability exercise: the prompt shows the very shop map the checks and the worked solution use", () => {
  const shopIn = (file: string) => {
    const text = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
    const start = text.indexOf("const shop: FailureMap = {");
    expect(start, `${file} has the shop map`).toBeGreaterThanOrEqual(0);
    return text.slice(start, text.indexOf("\n};", start)).replace(/\s+/g, " ");
  };
  expect(shopIn("exercises/blast-radius-reachability/README.md")).toBe(
    shopIn("exercises/blast-radius-reachability/checks.ts"),
  );
  const explanation = readFileSync(
    new URL("../../../solutions/blast-radius-reachability/explanation.md", import.meta.url),
    "utf8",
  );
  expect(explanation).toContain("shop map from the prompt");
});

test("the reachability exercise: rescanning the calls until nothing changes times out on the checks' chain, as the hint and worked solution say", async () => {
  const { runChecksInNode } = await import("../../../src/grader/run-checks-node.ts");
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const exercise = loadExercise("blast-radius-reachability");
  const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
  const checks = read("exercises/blast-radius-reachability/checks.ts");
  // Correct, but a pass over every call for each service the chain fails.
  const rescan = `
export interface FailureMap { services: string[]; resources: string[];
  uses: { service: string; resource: string }[]; calls: { caller: string; callee: string; fallback?: boolean }[] }
export function blastRadius(map: FailureMap, saturated: string): string[] {
  const services = new Set(map.services);
  const resources = new Set(map.resources);
  if (!resources.has(saturated)) throw new RangeError(saturated);
  for (const u of map.uses) if (!services.has(u.service) || !resources.has(u.resource)) throw new RangeError(u.service);
  for (const c of map.calls) if (!services.has(c.caller) || !services.has(c.callee)) throw new RangeError(c.caller);
  const failed = new Set(map.uses.filter((u) => u.resource === saturated).map((u) => u.service));
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of map.calls)
      if (!c.fallback && failed.has(c.callee) && !failed.has(c.caller)) { failed.add(c.caller); changed = true; }
  }
  return [...failed].sort();
}`;
  const run = await runChecksInNode(rescan, checks, "timeout" in exercise.meta ? exercise.meta.timeout : 3000);
  const chain = run.checks.find((c) => c.name.startsWith("a chain of 50,000 services"));
  // Every other check passes: only the time it takes sets it apart.
  expect(run.checks.filter((c) => c.name !== chain?.name).every((c) => c.passed)).toBe(true);
  expect(run.passed).toBe(false);
  expect(chain?.passed ?? false).toBe(false);
  expect(exercise.meta.hints.join(" ")).toContain("on the 50,000-service chain, listed from its far end, it times out");
  expect(read("solutions/blast-radius-reachability/explanation.md")).toContain(
    "as in the checks' 50,000-service chain",
  );
}, 20_000);

test("the map exercise's worked solution: search alone survives main-db, web and search fail with sessions, and main-db is what the map builder flags", async () => {
  const { analyseFailureMap, parseFailureMapOrThrow, saturateResource } = await import(
    "../../../src/sim/failure-map/index.ts"
  );
  const map = parseFailureMapOrThrow(exerciseMap);
  const failing = (resource: string) =>
    saturateResource(map, resource)
      .failing.map((f) => f.name)
      .sort();
  // "search uses only the sessions cache and calls nothing, so it keeps working."
  expect(map.services.map((s) => s.name).filter((name) => !failing("main-db").includes(name))).toEqual(["search"]);
  // "web and search draw from it and fail ... reports keeps working and so does admin behind it."
  expect(failing("sessions")).toEqual(["search", "web"]);
  // "That is the sharing the map builder flags."
  expect(analyseFailureMap(map).flagged).toEqual(["main-db"]);
});

test("the map-outage diagnosis: each wrong resource's feedback names exactly the services the map says fail with it, and the traffic hint its entry points and total weight", async () => {
  const { outageMapText } = await import("../../../src/sim/diagnosis/map-outage.ts");
  const { analyseFailureMap, parseFailureMapOrThrow } = await import("../../../src/sim/failure-map/index.ts");
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const map = parseFailureMapOrThrow(outageMapText);
  const { meta } = loadExercise("diagnose-map-outage");
  const part = partNamed(meta, "resource", "choice");
  const names = map.services.map((s) => s.name);
  const named = (text: string) => names.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).sort();
  for (const impact of analyseFailureMap(map).impacts)
    expect(named(part.feedback[impact.resource] ?? ""), impact.resource).toEqual(
      impact.failing.map((f) => f.name).sort(),
    );
  // "the weight of the failing entry points (storefront, checkout, search, accounts) over the total weight, 100"
  const weighted = map.services.filter((s) => s.weight !== undefined);
  const total = weighted.reduce((sum, s) => sum + s.weight!, 0);
  expect(meta.hints.join(" ")).toContain(
    `(${weighted.map((s) => s.name).join(", ")}) over the total weight, ${total}.`,
  );
});

test("the map-outage diagnosis: the traffic part's feedback on 2/11 claims only what holds for every resource a variant saturates", async () => {
  const { outageMapText } = await import("../../../src/sim/diagnosis/map-outage.ts");
  const { analyseFailureMap, parseFailureMapOrThrow } = await import("../../../src/sim/failure-map/index.ts");
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const map = parseFailureMapOrThrow(outageMapText);
  const part = partNamed(loadExercise("diagnose-map-outage").meta, "traffic", "numeric");
  const message = part.feedback.find((f) => f.answer === "2/11")?.message ?? "";
  expect(message).not.toBe("");
  expect(map.services.length).toBe(11);
  // Two of the eleven fail only when one resource saturates; variants deal the others.
  const counts = analyseFailureMap(map).impacts.map((i) => i.failing.length);
  expect(counts.some((n) => n !== 2)).toBe(true);
  expect(message).not.toMatch(/share of services failing/);
  expect(message).toMatch(/count of services over all of them, not a share of traffic/);
});

test("the map-outage exercise's hints name only what the dealt outages turn on, and say of it what the map does", async () => {
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const { analyseFailureMap } = await import("../../../src/sim/failure-map/analyse.ts");
  const { parseFailureMapOrThrow } = await import("../../../src/sim/failure-map/parse.ts");
  const { outageMapText } = await import("../../../src/sim/diagnosis/map-outage.ts");
  const { listNames } = await import("../../../src/format/words.ts");
  const { grouped } = await import("../../../src/format/number.ts");
  const map = parseFailureMapOrThrow(outageMapText);
  // Every outage the exercise deals: one per shared resource.
  const outages = analyseFailureMap(map).impacts;
  const fails = (service: string) => outages.filter((o) => o.failing.some((f) => f.name === service));
  const hints = loadExercise("diagnose-map-outage").meta.hints;
  const text = hints.join(" ");

  // Each service the hints name fails in some outage, so it matters to the answer.
  const named = map.services.map((s) => s.name).filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  expect(named.length).toBeGreaterThan(0);
  for (const name of named) expect(fails(name), `${name} never fails on the map`).not.toEqual([]);

  // "storefront calls ..., so it fails whenever any of them does, even while <resource>, the one
  // resource it draws from, is fine": its calls, its one resource, and an outage where that holds.
  const caller = "storefront";
  const callees = map.calls.filter((c) => c.caller === caller && !c.fallback).map((c) => c.callee);
  const drawsFrom = map.uses.filter((u) => u.service === caller).map((u) => u.resource);
  expect(drawsFrom).toHaveLength(1);
  expect(text).toContain(
    `${caller} calls ${listNames(callees)}, so it fails whenever any of them does, even while ${drawsFrom[0]}, the one resource it draws from, is fine.`,
  );
  for (const callee of callees) for (const outage of fails(callee)) expect(fails(caller)).toContain(outage);
  expect(
    outages.some((o) => o.resource !== drawsFrom[0] && o.failing.some((f) => f.name === caller && f.cause === "call")),
  ).toBe(true);
  // "Never the other way round": a service that fails by a call fails with one it calls.
  for (const outage of outages)
    for (const f of outage.failing)
      if (f.cause === "call") expect(map.calls.some((c) => c.caller === f.name && c.callee === f.via)).toBe(true);

  // The traffic hint's entry points and total weight are the map's.
  const entries = map.services.filter((s) => s.weight !== undefined);
  const total = entries.reduce((sum, s) => sum + s.weight!, 0);
  expect(text).toContain(
    `the failing entry points (${entries.map((s) => s.name).join(", ")}) over the total weight, ${grouped(total)}.`,
  );
});
