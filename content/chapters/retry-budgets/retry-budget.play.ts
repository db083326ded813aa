// Part 1: a gRPC-style retry throttle (gRFC A6). The bucket holds up to 10 tokens; a failed
// call takes one, a success puts back 0.1; retries are allowed only above half full.
// Part 2: the retry storm with nothing but a retry budget switched on, both kinds.
import { RetryThrottle, runRetryStorm, defaultScenario, percent, worstSuccessRate } from "course";

const bucket = new RetryThrottle(10, 0.1);
// 20 healthy calls, an outage of 30 failed calls, then 80 healthy calls again.
const outcomes = [...Array(20).fill(true), ...Array(30).fill(false), ...Array(80).fill(true)];
let allowed = bucket.retryAllowed();
outcomes.forEach((ok, call) => {
  if (ok) bucket.recordSuccess();
  else bucket.recordFailure();
  if (bucket.retryAllowed() !== allowed) {
    allowed = bucket.retryAllowed();
    console.log(
      `after call ${call + 1} (${ok ? "success" : "failure"}): tokens ${bucket.tokens}, retries ${allowed ? "on" : "off"}`,
    );
  }
});

const runs = { naive: [], "ratio budget": ["budget"], "token bucket": ["budget"] } as const;
for (const [label, defences] of Object.entries(runs)) {
  const budgetKind = label === "token bucket" ? "token" : "ratio";
  const { summary } = runRetryStorm(
    defaultScenario({ defences: [...defences], params: { duration: 60, intervention: null, budgetKind } }),
  );
  // The lowest success rate of the services that had requests. With no request at all, there is
  // nothing to rate: both it and the tries per request are null.
  const worst = worstSuccessRate(summary);
  const tries = summary.amplification;
  const line =
    worst === null || tries === null
      ? "no request arrived"
      : `tries per request ${tries.toFixed(2)}, worst service ${percent(worst)} served`;
  console.log(`${label.padEnd(13)} ${line}`);
}
