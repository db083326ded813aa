import { defaultScenario, percent, plot, runRetryStorm, type RetryPolicy, type RetryStormSummary } from "course";

// Your retry policy. It is called after attempt number `attempt` fails (0 is the first try)
// and returns how long to sleep, in milliseconds, and whether to try again afterwards.
// It replaces the naive loop everywhere: clients calling services, services calling pricing.
// `random()` is a seeded stream of numbers in [0, 1), for jitter.
const myPolicy: RetryPolicy = (attempt, random) => {
  const retry = attempt < 2; // three tries in all
  const ceiling = Math.min(1000, 100 * 2 ** attempt); // capped exponential backoff
  return { retry, sleepMs: retry ? random() * ceiling : 0 }; // full jitter
};

// Five minutes after the trigger, and no intervention: does the storm end by itself?
const params = { duration: 300, intervention: null };

function report(name: string, s: RetryStormSummary): void {
  // Success over the incident: from the trigger until recovery (or the end of the run).
  const unrelated = s.services.filter((x) => x.dependency !== "pricing");
  const requests = unrelated.reduce((a, x) => a + x.incidentRequests, 0);
  const succeeded = unrelated.reduce((a, x) => a + x.incidentSucceeded, 0);
  // With no request at all there is no share to print (nothing to divide by): it says so.
  const served = requests === 0 ? "no request arrived" : `${percent(succeeded / requests)} succeed`;
  const at = (t: number | null) => (t === null ? "never" : `${t} s`);
  console.log(name);
  console.log("  pool full:          ", at(s.poolFullSeconds));
  console.log("  goodput gone:       ", at(s.goodputZeroSeconds));
  // A try refused a connection once it has waited the pool's whole acquire timeout. No defence is
  // on here, so none is shed; with shedding on, s.firstShedSeconds dates the first turned away at once.
  console.log("  first refusal:      ", at(s.firstRefusalSeconds));
  console.log("  recovered:          ", s.recovered ? `${s.recoverySeconds} s after the trigger ended` : "no");
  console.log("  tries per request:  ", s.amplification ?? "none (no request arrived)");
  console.log("  unrelated services: ", `${served} during the incident (0-${s.incidentEndSeconds} s)`);
}

const naive = runRetryStorm(defaultScenario({ params }));
const yours = runRetryStorm(defaultScenario({ params, retryPolicy: myPolicy }));
report("The incident's naive loop", naive.summary);
report("Your policy", yours.summary);

// Second by second: the share of requests that succeed, as the replay draws it. A second in
// which no request arrived has no share (null): NaN leaves a gap there.
const percents = (rates: (number | null)[]) => rates.map((r) => (r === null ? NaN : 100 * r));
plot({
  title: "Requests that succeed (%)",
  x: naive.metrics.time,
  xLabel: "seconds after pricing slows",
  series: { naive: percents(naive.metrics.successRate), yours: percents(yours.metrics.successRate) },
});
