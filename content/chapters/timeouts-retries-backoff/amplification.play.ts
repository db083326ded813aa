// How much load do retries add? Two calculators from the course library:
//   amplification(attempts, layers): calls reaching the bottom when every layer retries
//   expectedAttempts(retries, p): average attempts when each one fails with probability p
import { amplification, expectedAttempts, grouped, percentUpTo } from "course";

const attempts = 4;
for (const layers of [1, 2, 3, 4]) {
  console.log(
    `${layers} layer(s) of ${attempts} attempts: ${grouped(amplification(attempts, layers))} calls on the bottom layer`,
  );
}
console.log(`retry at the top only: ${grouped(amplification([attempts, 1, 1]))} calls`);

// Retries are cheap when failures are rare, and a multiplier when the dependency is down.
const retries = attempts - 1;
for (const p of [0.01, 0.1, 0.5, 0.9, 1]) {
  console.log(
    `attempts failing ${percentUpTo(p, 0).padStart(4)}: ${expectedAttempts(retries, p).toFixed(3)} attempts per request`,
  );
}
