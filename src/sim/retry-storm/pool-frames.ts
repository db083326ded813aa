/**
 * The shared pool of the retry storm, frame by frame, for the chapter's animation: from just
 * before the trigger to a few seconds after the first refusal, what each of the pool's
 * connections is doing (free, held by a try whose caller is still waiting, or held by a try
 * whose caller has already given up: busy, and serving nobody), how many tries wait in the queue
 * and for how long the oldest has waited, and how many have been refused.
 *
 * Sampled from the engine itself (`createRun`, with a `PoolObserver` that gives each try the
 * lowest free connection when it takes one), at build time: the page gets the frames, never the
 * engine. Two passes over the same seeded run: the first finds the moments (the pool full, the
 * first refusal), the second samples on a grid with those moments added, so each has a frame of
 * its own at exactly the model's time.
 */
import { createRun, type PoolObserver } from "./engine.ts";
import { defaultScenario } from "./scenario.ts";
import type { Try } from "./world.ts";
import { slotCodes, type PoolFilm, type PoolFrame, type PoolMoment } from "./pool-film.ts";
import { frameTime } from "./pool-caption.ts";

export interface PoolFilmOptions {
  seed?: number;
  /** Seconds of frames after the first refusal. */
  after?: number;
}

/** Frames come every tenth of a second from the trigger until this many seconds in, then one a second. */
export const fineFramesUntil = 3;

/** Sample times, in tenths of a second: two before the trigger, tenths while the pool fills, then whole seconds. */
function grid(endTenths: number): number[] {
  const out = [-10, -5];
  for (let t = 0; t < fineFramesUntil * 10; t += 1) out.push(t);
  for (let t = fineFramesUntil * 10; t <= endTenths; t += 10) out.push(t);
  return out;
}

/** Where the chapter's storm has its moments: the pool full, and the first refusal. */
function findMoments(seed: number): { full: number; refusal: number; joined: number } {
  const run = createRun(defaultScenario({ seed }));
  let full: number | null = null;
  let refusal: { at: number; joined: number } | null = null;
  const acquire = run.world.acquireTimeout;
  run.poolObserver = {
    wait: (_job, now) => {
      if (full === null && now >= 0) full = now;
    },
    take: () => {},
    give: () => {},
    refuse: (_job, expiredAt) => {
      if (refusal === null) refusal = { at: expiredAt, joined: expiredAt - acquire };
    },
  };
  for (let t = 10; refusal === null && !run.done; t += 10) run.advanceTo(t);
  if (full === null || refusal === null)
    throw new RangeError(`seed ${seed}: the pool never filled, or nobody was refused, by the run's end`);
  const r = refusal as { at: number; joined: number };
  return { full, refusal: r.at, joined: r.joined };
}

/** The pool's film for the chapter's storm: the default scenario (no defences) with the given seed. */
export function poolFilm(options: PoolFilmOptions = {}): PoolFilm {
  const seed = options.seed ?? 1;
  const after = options.after ?? 5;
  const moments = findMoments(seed);
  const run = createRun(defaultScenario({ seed }));
  const world = run.world;
  if (world.pools.length !== 1) throw new RangeError("the pool's film draws one shared pool");
  const pool = world.pools[0]!;
  const size = pool.size;
  const acquire = world.acquireTimeout;
  const triggerSeconds = world.triggerEnd;

  // Each connection holds the try using it; a try takes the lowest free one.
  const held: (Try | null)[] = new Array(size).fill(null);
  const slotOf = new Map<Try, number>();
  const refusals: number[] = [];
  const observer: PoolObserver = {
    wait: () => {},
    take: (job) => {
      const i = held.indexOf(null);
      if (i < 0) throw new Error("a try took a connection of a full pool");
      held[i] = job;
      slotOf.set(job, i);
    },
    give: (job) => {
      const i = slotOf.get(job);
      if (i === undefined) throw new Error("a try gave back a connection it never took");
      held[i] = null;
      slotOf.delete(job);
    },
    refuse: (_job, expiredAt) => {
      refusals.push(expiredAt);
    },
  };
  run.poolObserver = observer;

  const end = moments.refusal + after;
  const times = new Map<number, { digits: number; moment?: PoolMoment }>();
  for (const tenths of grid(Math.floor(end * 10))) times.set(tenths / 10, { digits: tenths % 10 === 0 ? 0 : 1 });
  // A moment's frame replaces the grid's frame that would be written with the same time (as
  // pool-caption.ts's frameTime writes each: a moment as every moment of the storm is).
  const marks: [number, PoolMoment][] = [
    [moments.full, "full"],
    [triggerSeconds, "fast"],
    [moments.refusal, "refusal"],
  ];
  for (const [t, moment] of marks) {
    const digits = Number.isInteger(Math.round(t * 10) / 10) ? 0 : 1;
    const written = frameTime({ t, digits, moment });
    for (const [g, spec] of times) if (frameTime({ t: g, digits: spec.digits }) === written) times.delete(g);
    times.set(t, { digits, moment });
  }

  const frames: PoolFrame[] = [];
  for (const t of [...times.keys()].sort((a, b) => a - b)) {
    run.advanceTo(t);
    let slots = "";
    for (const job of held) slots += job === null ? slotCodes.free : job.abandoned ? slotCodes.gone : slotCodes.waiting;
    // The queue as the model has it at t: a try whose wait has reached the acquire timeout is
    // refused at that moment, whether or not the pool has handed anything out since.
    const waiters = pool.waiters;
    let queue = 0;
    let queueGone = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (let k = 0; k < waiters.size; k++) {
      const at = (waiters.head + k) & waiters.mask;
      const joined = waiters.time[at]!;
      if (joined + acquire <= t) continue;
      queue++;
      if (waiters.item[at]!.abandoned) queueGone++;
      if (joined < oldest) oldest = joined;
    }
    const { digits, moment } = times.get(t)!;
    frames.push({
      t,
      digits,
      slots,
      queue,
      queueGone,
      oldestWait: queue === 0 ? 0 : Math.round((t - oldest) * 1000) / 1000,
      refused: 0,
      ...(moment ? { moment } : {}),
    });
  }
  // The engine notices a refusal at the pool's next hand-out after it (a tick at the latest, a
  // second on): run on a little, then count each frame's refusals by the moment they are dated.
  run.advanceTo(end + 2);
  for (const frame of frames) frame.refused = refusals.filter((at) => at <= frame.t).length;

  const allGone = slotCodes.gone.repeat(size);
  const initial = frames.findIndex((f) => f.slots === allGone);
  return {
    seed,
    poolSize: size,
    clientTimeout: world.clientTimeout,
    acquireTimeout: acquire,
    attemptTimeout: world.attemptTimeout,
    attempts: world.params.attempts,
    triggerSeconds,
    poolFullSeconds: moments.full,
    firstRefusalSeconds: moments.refusal,
    firstRefusedJoinedSeconds: moments.joined,
    initial: initial >= 0 ? initial : frames.findIndex((f) => f.moment === "full"),
    frames,
  };
}
