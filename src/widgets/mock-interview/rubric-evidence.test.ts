/**
 * The debrief's evidence checker against the rubrics it checks. A rubric's senior and staff texts
 * for defence evidence say what a good answer names; written in the notes and pasted from them as
 * evidence (each part between semicolons on its own, with a cost in the same sentence), every one
 * must pass the checker, so the defence words in
 * src/course/self-assessment.ts cannot drift from the rubrics again (it once refused "a stored
 * assignment", the shuffle-sharding rubric's own senior answer).
 */
import { describe, expect, test } from "vitest";
import { questions } from "../../course/interview/bank.ts";
import { defencesNamed, judgeClaim } from "../../course/self-assessment.ts";

/**
 * Rubric texts (or parts of them) that name no mechanism: they ask for the cost, a size, an owner
 * or a figure of the defence the level below names. Each must still be in the bank and still name
 * nothing, so this list cannot go stale.
 */
const namesNoMechanism = new Set([
  "failure-modes-payment-api/paired-defences staff: Names what each defence costs (a pending state the product must show, pool sizing, slower releases).",
  "shared-pool-unrelated-service/bulkhead staff: Sizes it and says what it costs (more pools to size, rejected checkout calls when pricing is slow).",
  "failure-domain-map/decisions staff: Keeps the map current (reviewed with design changes) and names who owns each decision.",
  "retry-storm-postmortem/changes staff: Says what each costs and which one alone would have contained it.",
  "dns-failover/disobedient senior: Names long-lived connections and caches that ignore the TTL.",
  "hedged-requests/hedging senior: the extra load is about one minus that percentile.",
  "design-multi-region-payments/regions staff: Keeps shared dependencies named and contained (processor, rates, DNS).",
]);

/** Every part of every senior and staff text of a defence criterion, as "question/criterion level: part". */
const parts = questions.flatMap((q) =>
  q.rubric
    .filter((c) => c.evidence.kind === "defence")
    .flatMap((c) =>
      (["senior", "staff"] as const).flatMap((level) =>
        c[level]
          .split(";")
          .map((part) => part.trim())
          .map((part) => ({ key: `${q.id}/${c.id} ${level}: ${part}`, criterion: c, part })),
      ),
    ),
);

const cost = "it costs us a table to keep and a slower path";

describe("the evidence checker accepts the rubrics' own answers", () => {
  test("there are defence criteria to check", () => {
    expect(parts.length).toBeGreaterThan(60);
  });

  test("every mechanism a rubric names at senior or staff, pasted with a cost, backs the claim", () => {
    const refused = parts
      .filter(({ key }) => !namesNoMechanism.has(key))
      .filter(
        ({ criterion, part }) =>
          judgeClaim(criterion, { level: 2, evidence: part, cost }, `${part.replace(/[.!?]+$/, "")}, and ${cost}.`, {})
            .status !== "agrees",
      )
      .map(({ key }) => key);
    expect(refused, "add the words these name to defenceNames in src/course/self-assessment.ts").toEqual([]);
  });

  test("the texts listed as naming no mechanism are still in the bank, and still name none", () => {
    const keys = new Set(parts.map((p) => p.key));
    for (const key of namesNoMechanism) {
      expect(keys.has(key), `no longer in the bank: ${key}`).toBe(true);
      expect(defencesNamed(key.slice(key.indexOf(": ") + 2)), key).toEqual([]);
    }
  });

  test("the shuffle-sharding question takes a stored assignment, as its rubric says", () => {
    const question = questions.find((q) => q.id === "shuffle-sharding-numbers")!;
    const criterion = question.rubric.find((c) => c.point === "What it needs, and what it costs")!;
    const cost = "costs a table to keep in step";
    for (const evidence of ["Stored assignment", "the assignment is stored per customer", "client failover"])
      expect(judgeClaim(criterion, { level: 2, evidence, cost }, `${evidence}, at ${cost}.`, {}).status, evidence).toBe(
        "agrees",
      );
  });
});

describe("defence words match at the start of a word", () => {
  test("inside another word they do not count", () => {
    expect(defencesNamed("the published version")).toEqual([]); // not "shed"
    expect(defencesNamed("rejected calls")).toEqual([]); // not "eject"
    expect(defencesNamed("slower releases")).toEqual([]); // not "lease"
  });

  test("hyphens, plurals and endings do", () => {
    expect(defencesNamed("rate-limits per tenant")).toContain("rate limit or quota");
    expect(defencesNamed("load-shedding")).toContain("load shedding");
    expect(defencesNamed("Bulkheads and timeouts")).toEqual(["bulkhead", "timeout"]);
    expect(defencesNamed("a circuit-breaker")).toEqual(["circuit breaker"]);
  });
});
