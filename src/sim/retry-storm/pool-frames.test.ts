import { beforeAll, describe, expect, test } from "vitest";
import { grouped, secondsOrMinutes } from "../../format/number.ts";
import { createRun } from "./engine.ts";
import { frameSlots, frameTime, poolCaption, slotCounts } from "./pool-caption.ts";
import { slotCodes, type PoolFilm, type PoolFrame } from "./pool-film.ts";
import { fineFramesUntil, poolFilm } from "./pool-frames.ts";
import { defaultScenario } from "./scenario.ts";

const slow = { timeout: 60_000 };
let film: PoolFilm;
beforeAll(() => {
  film = poolFilm();
}, 60_000);

const moment = (m: PoolFrame["moment"]) => film.frames.find((f) => f.moment === m)!;
const caption = (f: PoolFrame) => poolCaption(film, f);

/** The film as a golden file: valid JSON, one frame a line, so a change reads as the frames it moved. */
function goldenText(f: PoolFilm): string {
  const { frames, ...rest } = f;
  const head = JSON.stringify(rest, null, 2).slice(0, -2);
  return `${head},\n  "frames": [\n${frames.map((x) => `    ${JSON.stringify(x)}`).join(",\n")}\n  ]\n}\n`;
}

test("golden frames: the chapter's storm, seed 1", async () => {
  expect(JSON.parse(goldenText(film))).toEqual(JSON.parse(JSON.stringify(film)));
  await expect(goldenText(film)).toMatchFileSnapshot("./golden/pool-frames.json");
});

describe("the frames are the engine's own state", () => {
  test("the moments are the summary's: the pool full, the first refusal", () => {
    const run = createRun(defaultScenario());
    run.advanceTo(Math.ceil(film.firstRefusalSeconds) + 2);
    const summary = run.summary();
    expect(Math.round(film.poolFullSeconds * 1000) / 1000).toBe(summary.poolFullSeconds);
    expect(Math.round(film.firstRefusalSeconds * 1000) / 1000).toBe(summary.firstRefusalSeconds);
    expect(film.firstRefusedJoinedSeconds).toBeCloseTo(film.firstRefusalSeconds - film.acquireTimeout, 9);
    expect(moment("full").t).toBe(film.poolFullSeconds);
    expect(moment("refusal").t).toBe(film.firstRefusalSeconds);
    expect(moment("fast").t).toBe(film.triggerSeconds);
  });

  test(
    "at every frame: connections in use and held for callers who have gone match the engine's counts; the queue is its waiters less those already refused",
    slow,
    () => {
      const run = createRun(defaultScenario());
      for (const frame of film.frames) {
        run.advanceTo(frame.t);
        const state = run.state();
        const { free, waiting, gone } = slotCounts(frame);
        expect(frame.slots).toHaveLength(film.poolSize);
        expect(free + waiting + gone).toBe(film.poolSize);
        expect(waiting + gone).toBe(state.pools[0]!.inUse);
        expect(gone).toBe(state.abandonedInUse);
        // The engine notices a refusal at the pool's next hand-out: until then the try is still
        // among its waiters. Before the first refusal, nobody is in that state.
        expect(frame.queue).toBeLessThanOrEqual(state.pools[0]!.waiting);
        if (frame.t < film.firstRefusalSeconds) expect(frame.queue).toBe(state.pools[0]!.waiting);
        // A waiting try's caller has gone once it has waited the client's time-out; the oldest
        // waiter has waited less than the acquire time-out (or it would be refused).
        const ring = run.world.pools[0]!.waiters;
        let expired = 0;
        let queueGone = 0;
        let mislabelled = 0;
        for (let k = 0; k < ring.size; k++) {
          const at = (ring.head + k) & ring.mask;
          const joined = ring.time[at]!;
          if (joined + film.acquireTimeout <= frame.t) {
            expired++;
            continue;
          }
          const left = joined + film.clientTimeout <= frame.t;
          if (left) queueGone++;
          if (ring.item[at]!.abandoned !== left) mislabelled++;
        }
        expect(mislabelled).toBe(0);
        expect(frame.queueGone).toBe(queueGone);
        expect(frame.queue).toBe(ring.size - expired);
        expect(frame.queueGone).toBeLessThanOrEqual(frame.queue);
        expect(frame.oldestWait).toBeLessThan(film.acquireTimeout);
      }
    },
  );

  test("frames run in time order, one per written time, from before the trigger to after the first refusal", () => {
    const ts = film.frames.map((f) => f.t);
    for (let i = 1; i < ts.length; i++) expect(ts[i]!).toBeGreaterThan(ts[i - 1]!);
    const written = film.frames.map(frameTime);
    expect(new Set(written).size).toBe(written.length);
    expect(ts[0]!).toBeLessThan(0);
    // "A frame every tenth of a second for the first 3 s, then one a second", in the times the
    // frames are written with; a moment's frame, at the model's own time, takes the place of a grid
    // frame written the same, or comes between two (the first refusal, 82.7 s, between 82 and 83 s).
    const seconds = film.frames
      .filter((f) => f.t >= 0)
      .map((f) => Number.parseFloat(frameTime(f).replace(/,/g, "")))
      .filter((t) => t < fineFramesUntil || Number.isInteger(t));
    for (let i = 1; i < seconds.length; i++) {
      const gap = Math.round((seconds[i]! - seconds[i - 1]!) * 1000) / 1000;
      if (seconds[i - 1]! < fineFramesUntil) expect(gap, `after ${seconds[i - 1]} s`).toBeLessThanOrEqual(0.1);
      else expect(gap, `after ${seconds[i - 1]} s`).toBe(1);
    }
    // Refusals only grow, and none comes before the first.
    for (let i = 1; i < ts.length; i++)
      expect(film.frames[i]!.refused).toBeGreaterThanOrEqual(film.frames[i - 1]!.refused);
    for (const f of film.frames) expect(f.refused > 0).toBe(f.t >= film.firstRefusalSeconds);
    expect(moment("refusal").refused).toBe(1);
  });

  test("another seed tells the same story at other moments", slow, () => {
    const other = poolFilm({ seed: 2 });
    expect(other.poolFullSeconds).not.toBe(film.poolFullSeconds);
    expect(other.frames[other.initial]!.slots).toBe(slotCodes.gone.repeat(other.poolSize));
    expect(other.frames.at(-1)!.refused).toBeGreaterThan(0);
  });
});

describe("what the animation says is what the frames show", () => {
  test("before the trigger: a few connections in use, each for a caller still waiting, and no queue", () => {
    const before = film.frames.filter((f) => f.t < 0);
    expect(before.length).toBeGreaterThan(0);
    for (const f of before) {
      expect(slotCounts(f).gone).toBe(0);
      expect(slotCounts(f).waiting).toBeLessThan(film.poolSize);
      expect(f.queue).toBe(0);
      expect(caption(f)).toMatch(
        /^At -[\d.]+ s, before the trigger: \d+ of the 20 connections (is|are) in use, for callers still waiting; nobody waits for a connection\.$/,
      );
    }
  });

  test('"the pool is full at 0.5 s" (0.47 s, written as every moment of the storm): every connection in use, the first try queued, no caller gone yet', () => {
    const full = moment("full");
    expect(frameSlots(full).every((s) => s === "waiting")).toBe(true);
    expect(full.queue).toBe(1);
    expect(caption(full)).toBe(
      `The pool is full at ${secondsOrMinutes(film.poolFullSeconds)}: all 20 connections are in use, and the first try joins the queue to wait for one.`,
    );
    expect(film.poolFullSeconds).toBeCloseTo(0.47, 2);
    expect(frameTime(full)).toBe("0.5 s");
    // Before it, nobody waited.
    for (const f of film.frames.filter((x) => x.t < film.poolFullSeconds)) expect(f.queue).toBe(0);
  });

  test("from the initial frame on, every connection serves a caller who has gone, through the first refusal", () => {
    const allGone = slotCodes.gone.repeat(film.poolSize);
    const initial = film.frames[film.initial]!;
    expect(initial.slots).toBe(allGone);
    expect(film.frames.slice(0, film.initial).some((f) => f.slots === allGone)).toBe(false);
    for (const f of film.frames.slice(film.initial)) {
      expect(f.slots).toBe(allGone);
      expect(caption(f)).toMatch(/all 20 connections are busy serving callers who have gone/i);
    }
    expect(frameTime(initial)).toBe("1.6 s");
    // On the way there, some frames show both kinds of caller, and say how many of each.
    const mixed = film.frames.find((f) => slotCounts(f).gone > 0 && slotCounts(f).waiting > 0)!;
    const { gone, waiting } = slotCounts(mixed);
    expect(caption(mixed)).toContain(`${gone} of the 20 connections serve callers who have gone, ${waiting} serve`);
  });

  test('"pricing is fast again at 4 s, but the pool does not recover": all busy for callers gone, and the queue only longer', () => {
    const fast = moment("fast");
    expect(caption(fast)).toMatch(
      /^Pricing is fast again at 4 s, but the pool does not recover: all 20 connections are busy serving callers who have gone\. [\d,]+ tries wait/,
    );
    for (const f of film.frames.filter((x) => x.t >= fast.t)) {
      expect(slotCounts(f).gone).toBe(film.poolSize);
      expect(f.queue).toBeGreaterThanOrEqual(fast.queue);
      expect(caption(f)).not.toContain("pricing is slow");
    }
    for (const f of film.frames.filter((x) => x.t >= 0 && x.t < fast.t))
      expect(caption(f)).toMatch(/pricing is slow|pool is full/);
  });

  test("the queue grows, and fills with tries whose callers have gone; its oldest wait climbs to the acquire time-out", () => {
    const refusal = moment("refusal");
    expect(refusal.queue).toBeGreaterThan(10 * moment("fast").queue);
    expect(refusal.queueGone / refusal.queue).toBeGreaterThan(0.9);
    expect(refusal.oldestWait).toBeGreaterThan(film.acquireTimeout - 0.1);
    const f = film.frames.find((x) => x.t === 30)!;
    expect(caption(f)).toContain(
      `${grouped(f.queue)} tries wait for a connection, ${grouped(f.queueGone)} of them for callers who have gone; the oldest has waited ${grouped(f.oldestWait, 1)} s of the 20 s the pool allows.`,
    );
  });

  test('"the first refusal, at 82.7 s": the try at the head of the queue waited the full 20 s', () => {
    const refusal = moment("refusal");
    expect(caption(refusal)).toMatch(
      new RegExp(
        `^The first refusal, at ${secondsOrMinutes(film.firstRefusalSeconds)}: the try at the head of the queue joined it at ${secondsOrMinutes(film.firstRefusalSeconds - film.acquireTimeout)}, has waited the pool's full 20 s, and is refused a connection\\. All 20 connections are busy`,
      ),
    );
    expect(frameTime(refusal)).toBe("82.7 s");
    const after = film.frames.at(-1)!;
    expect(caption(after)).toContain(`${grouped(after.refused)} tries refused so far, each after waiting 20 s.`);
  });
});
