/** The interviewer's clock: phases with their own clocks, injects on time, pushbacks after them, state across reloads. */
import { describe, expect, test } from "vitest";
import { questions } from "../../course/interview/bank.ts";
import { designMinutes, designPhases, planFor, pushbackDelay, totalMs } from "../../course/interview/plan.ts";
import { type Draft, draftTimeLeftMs, resumeOffer } from "./draft.ts";
import { Round, type RoundEvent } from "./round.ts";

const minute = 60_000;
const design = {
  type: "design",
  followUps: [
    {
      question: "The router is a single point of failure.",
      phase: "high-level",
      after: 4,
      pushback: { say: "A bad mapping ships everywhere." },
    },
    { question: "Your health check takes the whole fleet out.", phase: "deep-dive", after: 2 },
    {
      question: "How do you move a tenant?",
      phase: "deep-dive",
      after: 6,
      pushback: { say: "The copy fails halfway." },
    },
  ],
};
const single = {
  type: "recovery",
  followUps: [{ question: "First?", pushback: { say: "Harder first." } }, { question: "Second?" }],
};

const kinds = (events: RoundEvent[]) =>
  events.map((e) =>
    e.kind === "inject" || e.kind === "pushback"
      ? `${e.kind}:${e.inject.id}`
      : e.kind === "phase-end"
        ? `end:${e.phase}${e.early ? "!" : ""}`
        : `milestone:${e.remainingMs / 1000}`,
  );

describe("plans", () => {
  test("a design prompt runs the four phases, 5 + 5 + 12 + 10 minutes, with injects at their minute", () => {
    const plan = planFor(design, 10);
    expect(plan.phases.map((p) => [p.id, p.ms / minute])).toEqual([
      ["requirements", 5],
      ["interface", 5],
      ["high-level", 12],
      ["deep-dive", 10],
    ]);
    expect(totalMs(plan)).toBe(32 * minute);
    // The length the playbook gives for a design round.
    expect(designMinutes).toBe(32);
    expect(plan.injects.map((i) => [i.id, i.phase, i.atMs / minute])).toEqual([
      ["f0", 2, 4],
      ["f1", 3, 2],
      ["f2", 3, 6],
    ]);
    expect(plan.injects[0]!.pushback).toBe("A bad mapping ships everywhere.");
    expect(plan.injects[1]!.pushback).toBeUndefined();
  });

  test("any other question is one phase of the chosen length, follow-ups from 30% of it on", () => {
    const plan = planFor(single, 10);
    expect(plan.phases).toEqual([{ id: "answer", label: "Your answer", ms: 10 * minute }]);
    // The last at 6.5 minutes: its pushback, 90 s later, leaves 2 of the 10 minutes.
    expect(plan.injects.map((i) => i.atMs / minute)).toEqual([3, 6.5]);
    expect(pushbackDelay(10 * minute)).toBe(90_000);
    expect(pushbackDelay(5 * minute)).toBe(45_000);
    expect(planFor({ type: "x", followUps: [{ question: "only" }] }, 10).injects[0]!.atMs).toBe(5 * minute);
  });

  test("every pushback in the bank leaves a fifth of its phase to answer it, at any length of round", () => {
    // A 5-minute round pushed back at 4:45 once: 15 s to answer before "Time is up".
    for (const question of questions)
      for (const minutes of [1, 5, 10, 15, 20, 45]) {
        const plan = planFor(question, minutes);
        for (const inject of plan.injects.filter((i) => i.pushback)) {
          const phaseMs = plan.phases[inject.phase]!.ms;
          expect(
            phaseMs - (inject.atMs + inject.pushbackAfterMs),
            `${question.id}, ${minutes} min`,
          ).toBeGreaterThanOrEqual(phaseMs / 5);
        }
      }
  });

  test("a follow-up timed past its phase's end is refused", () => {
    expect(() =>
      planFor({ type: "design", followUps: [{ question: "late", phase: "interface", after: 5 }] }, 10),
    ).toThrow(RangeError);
    expect(designPhases.map((p) => p.label)).toContain("Deep dive");
  });
});

describe("a round", () => {
  test("phases end on their own clock and the interviewer moves you on; injects and pushbacks arrive on time", () => {
    let now = 0;
    const round = new Round(planFor(design, 10), () => now);
    round.start();
    now += 4 * minute;
    expect(kinds(round.poll())).toEqual(["milestone:60"]);
    now += minute;
    expect(kinds(round.poll())).toEqual(["end:0"]);
    expect(round.phase).toBe(1);
    expect(round.remainingInPhaseMs()).toBe(5 * minute);
    now += 5 * minute + 4 * minute; // interface ends, then 4 minutes into the high-level design
    expect(kinds(round.poll())).toEqual(["end:1", "inject:f0"]);
    now += 89_000;
    expect(round.poll()).toEqual([]);
    now += 1000; // 90 s after the question
    expect(kinds(round.poll())).toEqual(["pushback:f0"]);
    expect(round.asked().map((a) => [a.inject.id, a.atMs / minute, a.pushedBack])).toEqual([["f0", 14, true]]);
  });

  test("pausing stops every clock; moving on early asks what was still due first", () => {
    let now = 0;
    const round = new Round(planFor(design, 10), () => now);
    round.start();
    now += minute;
    round.pause();
    now += 30 * minute;
    expect(round.poll()).toEqual([]);
    expect(round.remainingInPhaseMs()).toBe(4 * minute);
    round.start();
    expect(kinds(round.next())).toEqual(["end:0!"]);
    expect(kinds(round.next())).toEqual(["end:1!"]);
    now += minute;
    // Leaving the high-level design a minute in: the router question is asked before moving on.
    const events = round.next();
    expect(kinds(events)).toEqual(["inject:f0", "end:2!"]);
    expect(events[0]).toMatchObject({ early: true });
    expect(round.phaseUsedMs()).toEqual([minute, 0, minute, 0]);
  });

  test("time that runs past a phase's end while the tab sleeps carries into the next phase", () => {
    let now = 0;
    const round = new Round(planFor(design, 10), () => now);
    round.start();
    now += 7 * minute; // requirements ended 2 minutes ago
    expect(kinds(round.poll())).toEqual(["end:0"]);
    expect(round.remainingInPhaseMs()).toBe(3 * minute);
    now += 60 * minute; // long asleep: every phase is over
    const events = kinds(round.poll());
    expect(events).toEqual([
      "end:1",
      "inject:f0",
      "pushback:f0",
      "end:2",
      "inject:f1",
      "inject:f2",
      "pushback:f2",
      "end:3",
    ]);
    expect(round.done).toBe(true);
    expect(round.phaseUsedMs()).toEqual([5, 5, 12, 10].map((m) => m * minute));
  });

  test("a saved round resumes where it stopped, without repeating what was asked", () => {
    let now = 0;
    const plan = planFor(single, 10);
    const first = new Round(plan, () => now);
    first.start();
    now += 3 * minute;
    expect(kinds(first.poll())).toEqual(["inject:f0"]);
    now += 30_000;
    first.pause();
    const saved = JSON.parse(JSON.stringify(first.snapshot()));
    const second = new Round(plan, () => now, saved);
    expect(second.remainingInPhaseMs()).toBe(6.5 * minute);
    second.start();
    now += minute;
    expect(kinds(second.poll())).toEqual(["pushback:f0"]);
    now += 5 * minute;
    // 9.5 minutes used: the second follow-up (at 6.5) and only the latest milestone crossed since the reload.
    expect(kinds(second.poll())).toEqual(["inject:f1", "milestone:60"]);
    expect(second.asked().map((a) => a.atMs / minute)).toEqual([3, 6.5]);
  });

  test("a single-phase round announces half time, 2 and 1 minutes left", () => {
    let now = 0;
    const round = new Round(planFor({ type: "x", followUps: [] }, 10), () => now);
    round.start();
    const heard: string[] = [];
    for (let s = 0; s < 10 * 60; s += 15) {
      now = s * 1000;
      heard.push(...kinds(round.poll()));
    }
    now = 10 * minute;
    heard.push(...kinds(round.poll()));
    expect(heard).toEqual(["milestone:300", "milestone:120", "milestone:60", "end:0"]);
    expect(round.done).toBe(true);
  });

  test("the time left counts no time a phase left unused, and a draft's resume offer says the same", () => {
    // The audit's case: requirements run out, "Move on" 2 s into the interface, 3 s into the high-level design.
    let now = 0;
    const round = new Round(planFor(design, 10), () => now);
    round.start();
    now += 5 * minute;
    round.poll();
    now += 2000;
    round.next();
    now += 3000;
    expect(round.remainingInPhaseMs()).toBe(12 * minute - 3000);
    // 11:57 on the high-level design's clock, then the deep dive's 10:00; the interface's unused 4:58 is gone.
    expect(round.timeLeftMs()).toBe(22 * minute - 3000);
    const draft: Draft = {
      questionId: "d",
      title: "A design",
      seed: null,
      durationMs: totalMs(round.plan),
      usedMs: round.totalUsedMs(),
      notes: "",
      startedAt: "2026-03-02T09:00:00.000Z",
      round: round.snapshot(),
      phaseMs: round.plan.phases.map((p) => p.ms),
    };
    expect(draftTimeLeftMs(draft)).toBe(round.timeLeftMs());
    expect(resumeOffer(draft)).toBe('You have an unfinished interview on "A design", 21:57 left.');
    // Resumed from that draft, the round shows the same.
    const resumed = new Round(planFor(design, 10), () => now, draft.round);
    expect(resumed.timeLeftMs()).toBe(draftTimeLeftMs(draft));
    round.next();
    round.next();
    expect(round.done).toBe(true);
    expect(round.timeLeftMs()).toBe(0);
  });

  test("a saved state that does not fit the plan is refused", () => {
    const plan = planFor(single, 10);
    expect(() => new Round(plan, () => 0, { phase: 2, phaseUsedMs: [0], asked: [], pushed: [], done: false })).toThrow(
      RangeError,
    );
  });
});
