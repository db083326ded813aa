// Thread starvation, simulated in 10 ms steps. A tier has 1,000 threads and takes 1,000
// requests a second. At t = 0 a dependency starts to hang: 5% of requests hold their thread
// for 100 s; the rest finish within one step. Watch the threads fill up, and who fails.
import { grouped, mulberry32, percent } from "course";

const threads = 1_000;
const requestsPerSecond = 1_000;
const hangingShare = 0.05;
const hangSeconds = 100;
const step = 0.01; // seconds
const seconds = 320; // three whole 100 s waves after the threads first run out
const rand = mulberry32(11);

const arrivalsPerStep = requestsPerSecond * step;
const hangSteps = Math.round(hangSeconds / step);
const releaseAt: number[] = []; // the step at which each held thread frees up, oldest first
let held = 0;
let fullAt = -1; // when the threads first ran out
let window = { arrived: 0, failed: 0 }; // the last 20 s
const sinceFull = { arrived: 0, failed: 0 };

console.log("  time  threads held  failed in last 20 s");
for (let t = 0; t < seconds / step; t++) {
  while (releaseAt.length > 0 && releaseAt[0]! <= t) {
    releaseAt.shift();
    held--;
  }
  for (let i = 0; i < arrivalsPerStep; i++) {
    const rejected = held >= threads; // no free thread: the request fails at once
    window.arrived++;
    if (rejected) window.failed++;
    if (fullAt >= 0) {
      sinceFull.arrived++;
      if (rejected) sinceFull.failed++;
    }
    if (rejected) continue;
    if (rand() < hangingShare) {
      held++;
      releaseAt.push(t + hangSteps);
      if (held === threads && fullAt < 0) fullAt = (t + 1) * step;
    }
    // a request that does not hang returns its thread within this step
  }
  const now = Math.round((t + 1) * step * 100) / 100;
  if (now % 20 === 0) {
    const share = percent(window.failed / window.arrived);
    console.log(`${grouped(now).padStart(5)} s  ${grouped(held).padStart(12)}  ${share.padStart(19)}`);
    window = { arrived: 0, failed: 0 };
  }
}

// Threads empty and refill in waves, so judge the failure rate over whole waves.
if (fullAt < 0) {
  console.log("the threads never ran out: no request failed");
} else {
  console.log(`threads first ran out after ${fullAt.toFixed(1)} s`);
  console.log(`from then on ${percent(sinceFull.failed / sinceFull.arrived)} of all requests failed`);
}
