// One server completes 100 requests a second from a first-in first-out queue; callers give up
// after 1 s, but the server still serves them. Demand is 120/s for 60 s, then 80/s.
// Compare an unbounded queue with one capped at 50. Change the numbers and run it again.
import { grouped, plot } from "course";

const capacity = 100;
const timeout = 1;
const queueCap = 50;
const demand = (t: number) => (t < 60 ? 120 : 80);

function run(queueLimit: number) {
  let queue = 0;
  const goodput: number[] = [];
  for (let second = 0; second < 180; second++) {
    let useful = 0;
    for (let step = 0; step < 1000; step++) {
      // 1 ms steps
      const arriving = demand(second) / 1000;
      const admitted = Math.min(arriving, Math.max(0, queueLimit - queue));
      if (queue / capacity <= timeout) useful += admitted; // answered before the caller gives up
      queue = Math.max(0, queue + admitted - capacity / 1000);
    }
    goodput.push(Math.round(useful));
  }
  return goodput;
}

const unbounded = run(Infinity);
const bounded = run(queueCap);
const total = (series: number[]) => series.reduce((a, b) => a + b, 0);
const capped = `queue of ${queueCap}`;
console.log(`useful answers, unbounded queue: ${grouped(total(unbounded))}`);
console.log(`useful answers, ${capped}:     ${grouped(total(bounded))}`);
console.log(`seconds with no useful answers (unbounded): ${grouped(unbounded.filter((g) => g === 0).length)}`);
plot({
  x: unbounded.map((_, second) => second),
  series: { "unbounded queue": unbounded, [capped]: bounded },
  title: "Useful answers per second, by the second the request arrived",
  xLabel: "seconds",
  yLabel: "useful answers",
});
