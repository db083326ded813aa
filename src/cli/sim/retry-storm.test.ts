import { expect, test } from "vitest";
import { asGiven, grouped, percent, perRequest, secondsOrMinutes } from "../../format/number.ts";
import { refusalWords } from "../../sim/retry-storm/metrics.ts";
import { triesPerRequest } from "../../widgets/replay/view.ts";
import { seedHelp, UsageError } from "../args.ts";
import { defaultScenario, defenceNames, parameterSpecs, timesOutWaiting } from "../../sim/retry-storm/index.ts";
import { retryStormEventLimit, runSizeProblem } from "../../sim/retry-storm/run-size.ts";
import { listNames } from "../../format/words.ts";
import command from "./retry-storm.ts";
import { capture as captureOutput, sim } from "./capture.test-helper.ts";

const capture = (argv: string[]) => captureOutput(command, argv);

test("--json prints the summary with the documented field names", { timeout: 60_000 }, async () => {
  const { code, out } = await capture([
    "--defences",
    "bulkhead,breaker,budget,jitter,timeout,shed",
    "--seed",
    "3",
    "--json",
  ]);
  expect(code).toBe(0);
  const json = JSON.parse(out);
  for (const field of [
    "seed",
    "defences",
    "triggerSeconds",
    "interventionSeconds",
    "poolFullSeconds",
    "goodputZeroSeconds",
    "firstRefusalSeconds",
    "recovered",
    "recoverySeconds",
    "recoveredBy",
    "incidentEndSeconds",
    "amplification",
    "services",
    "events",
    "wallMillis",
  ]) {
    expect(json, field).toHaveProperty(field);
  }
  expect(json.seed).toBe(3);
  expect([...json.defences].sort()).toEqual(["breaker", "budget", "bulkhead", "jitter", "shed", "timeout"]);
  expect(json).not.toHaveProperty("poolExhaustedSeconds");
  expect(json.recovered).toBe(true);
  expect(json.recoveredBy).toBe("self");
  for (const s of json.services)
    expect(Object.keys(s)).toEqual(
      expect.arrayContaining(["name", "requests", "succeeded", "failed", "successRate", "incidentSuccessRate"]),
    );
  expect(json.services.map((s: { name: string }) => s.name)).toEqual(["checkout", "quotes", "search", "accounts"]);
});

test("--set changes parameters, none switches the intervention off, and the table names the outcome", {
  timeout: 60_000,
}, async () => {
  const json = JSON.parse((await capture(["--set", "intervention=none", "--set", "duration=120", "--json"])).out);
  expect(json.interventionSeconds).toBeNull();
  expect(json.recovered).toBe(false);
  expect(json.recoverySeconds).toBeNull();
  expect(json.parameters.duration).toBe(120);
  const { out } = await capture(["--set=duration=120", "--defences=timeout"]);
  expect(out).toMatch(/defences: timeout/);
  expect(out).toMatch(/recovered\s+yes, by itself/);
  expect(out).toMatch(/checkout\s+pricing/);
});

test("the table names how the outage ended and shows success over the incident window", {
  timeout: 60_000,
}, async () => {
  const { out } = await capture([]);
  const json = JSON.parse((await capture(["--json"])).out);
  expect(out).toMatch(/recovered\s+only at the intervention \(11 min\)/);
  expect(out).not.toMatch(/recovered\s+yes/);
  expect(out).toMatch(/pool full \(callers wait\)\s+at 0\.\d s/);
  expect(out).toMatch(/first try times out waiting for a connection\s+at 8\d\.\d s/);
  expect(out).toContain("during the incident (requests arriving from the trigger to the intervention, 0 to 11 min):");
  // Search succeeds 0.3% during the incident (8.4% over the whole run, warm-up included).
  expect(out).toMatch(/search\s+catalog\s+26,650\s+84\s+26,566\s+0\.3%/);
  expect(out).toMatch(/abandoned work\s+\d{3},\d{3} tries/);
  expect(json.interventionSeconds).toBe(660);
});

// A learner who runs the replay on the page and this command sees the same figures, written by
// the page's own helpers: tries per request with two decimals, moments in tenths of a second (then
// minutes), a service's success over the incident with one decimal.
test("every figure reads as the replay's page writes it", { timeout: 60_000 }, async () => {
  for (const argv of [[], ["--defences", "all"]]) {
    const { out } = await capture(argv);
    const summary = JSON.parse((await capture([...argv, "--json"])).out);
    const row = (measure: string) => out.split("\n").find((line) => line.startsWith(measure))!;
    expect(row("amplification"), argv.join(" ")).toMatch(
      ` ${triesPerRequest(summary.amplification)} tries per request (${perRequest(summary.dependencyAmplification)} dependency calls)`,
    );
    expect(triesPerRequest(summary.amplification)).toMatch(/^\d+\.\d\d$/);
    expect(row("trigger")).toMatch(new RegExp(` ${secondsOrMinutes(summary.triggerSeconds)}$`));
    expect(row("intervention")).toMatch(new RegExp(` at ${secondsOrMinutes(summary.interventionSeconds)}$`));
    const moment = (x: number | null) => (x === null ? "never" : `at ${secondsOrMinutes(x)}`);
    expect(row("pool full")).toMatch(new RegExp(` ${moment(summary.poolFullSeconds)}$`));
    expect(row("goodput gone")).toMatch(new RegExp(` ${moment(summary.goodputZeroSeconds)}$`));
    // The replay's summary says the same of the same moment, in the same words (view.ts's summaryText).
    expect(row(`first try ${timesOutWaiting}`)).toMatch(new RegExp(` ${moment(summary.firstRefusalSeconds)}$`));
    // The tries shedding turned away, the first as the replay's events date it (its words: refusalWords).
    expect(row(refusalWords.shed), argv.join(" ")).toMatch(
      summary.defences.includes("shed")
        ? new RegExp(` ${moment(summary.firstShedSeconds)}, ${grouped(summary.triesShed)} tries in all$`)
        : / never \(shedding is off\)$/,
    );
    expect(out).toContain(`, 0 to ${secondsOrMinutes(summary.incidentEndSeconds)}):`);
    for (const s of summary.services)
      expect(row(s.name)).toMatch(new RegExp(` ${percent(s.incidentSuccessRate).replace(".", "\\.")}$`));
  }
});

test("with no request at all, no recovery is claimed and no success rate is given", async () => {
  const json = JSON.parse((await capture(["--set", "load=0", "--set", "duration=30", "--json"])).out);
  expect(json.recovered).toBe(false);
  expect(json.recoveredBy).toBeNull();
  // A service with no request has no success rate, over the run or the incident: null, never 1.
  for (const s of json.services) {
    expect(s.successRate, s.name).toBeNull();
    expect(s.incidentSuccessRate, s.name).toBeNull();
  }
  const { out } = await capture(["--set", "load=0", "--set", "duration=30"]);
  expect(out).toMatch(/recovered\s+nothing to recover: no request arrived/);
  expect(out).not.toMatch(/recovered\s+(yes|not recovered)/);
  expect(out).toMatch(/search\s+catalog\s+0\s+0\s+0\s+no requests/);
  // Nor tries per request: nothing to divide by (it printed "0 tries per request").
  expect([json.amplification, json.dependencyAmplification]).toEqual([null, null]);
  expect(out).toMatch(/amplification\s+no request arrived, so no tries per request/);
});

test("--help lists every parameter with its default and unit", async () => {
  const { code, out } = await capture(["--help"]);
  // The seed's range in the words of every command's --seed (seedHelp), where it said "a whole number".
  expect(out).toContain(`--seed N          random seed, ${seedHelp} (default 1)\n`);
  expect(seedHelp).toBe("a whole number 0..4,294,967,295");
  expect(code).toBe(0);
  for (const p of parameterSpecs) {
    const line = out.split("\n").find((l) => l.trimStart().startsWith(p.name + " "));
    expect(line, p.name).toBeDefined();
    // Numbers as the course writes them: 2,500 ms, and ranges such as 1..1,000.
    expect(line).toContain(
      `${p.default === null ? "none" : typeof p.default === "number" ? asGiven(p.default) : p.default}${p.unit ? " " + p.unit : ""}`,
    );
    expect(line).not.toMatch(/\d{4}/);
  }
  // The allowed values: from..to, both ends allowed; a strict lower bound is that end taken out,
  // in words ("0..10, not 0"), where it read ">0..10".
  const allowedCell = (name: string) => {
    const line = out.split("\n").find((l) => l.trimStart().startsWith(`${name} `))!;
    return line.trim().split(/ {2,}/)[2];
  };
  const strict = parameterSpecs.filter((p) => "above" in p);
  expect(strict.map((p) => p.name)).toContain("tokenRatio");
  for (const p of strict)
    expect(allowedCell(p.name)).toBe(`${asGiven(p.above)}..${asGiven(p.max)}, not ${asGiven(p.above)}`);
  expect(allowedCell("poolSize")).toBe("1..1,000");
  expect(out).not.toMatch(/ >\d/);
  // The dashes under each table's header start where its names do.
  expect(out).toMatch(/^ {2}name +default +allowed +meaning\n {2}-+ {2}-+/m);
});

test("invalid input is a usage error with a clear message", async () => {
  await expect(capture(["--set", "poolSize=0"])).rejects.toThrow(
    new UsageError("poolSize must be at least 1 connection, got 0"),
  );
  await expect(capture(["--set", "poolSize"])).rejects.toThrow(/--set needs name=value/);
  await expect(capture(["--set", "wings=2"])).rejects.toThrow(/unknown parameter "wings"; known: duration, /);
  // A name in the wrong case or misspelt gets the names near it, as a misspelt simulation does.
  await expect(capture(["--set", "poolsize=2"])).rejects.toThrow(
    /^unknown parameter "poolsize" \(did you mean poolSize\?\); known: /,
  );
  await expect(capture(["--set", "breakerTreshold=3"])).rejects.toThrow(
    /^unknown parameter "breakerTreshold" \(did you mean breakerThreshold\?\); known: /,
  );
  await expect(capture(["--set", "breakerKind=maybe"])).rejects.toThrow(/breakerKind must be one of/);
  await expect(capture(["--defences", "budget", "--set", "budgetKind=token", "--set", "tokenRatio=0"])).rejects.toThrow(
    new UsageError("tokenRatio must be greater than 0 tokens (gRFC A6), got 0"),
  );
  await expect(capture(["--set", "tokenRatio=0.0001"])).rejects.toThrow(
    new UsageError("tokenRatio has at most 3 decimal places (gRFC A6), got 0.0001"),
  );
  await expect(capture(["--defences", "armour"])).rejects.toThrow(/unknown defence "armour"/);
  // An empty name in a list is refused as an unknown one is, never dropped: "jitter,," ran jitter alone.
  const allowed = `choose from ${listNames(defenceNames)}, or all or none`;
  for (const list of ["jitter,,", ",jitter", "jitter, ,breaker", "jitter,"])
    await expect(capture(["--defences", list]), list).rejects.toThrow(
      new UsageError(
        `--defences "${list}" has an empty name (nothing between two commas, or a comma at an end); ${allowed}`,
      ),
    );
  await expect(capture(["--defences", "jitter", "--defences", "breaker,"])).rejects.toThrow(/--defences "breaker,"/);
  await expect(capture(["--defences", "armour"])).rejects.toThrow(
    new UsageError(`unknown defence "armour"; ${allowed}`),
  );
  // An intervention the run ends before would never happen: refused by the replay's rule, not run as none.
  await expect(capture(["--set", "intervention=700"])).rejects.toThrow(
    new UsageError(
      "intervention must be before the run ends, at 11 min 30 s (got 11 min 40 s): operators would never step in; for none, --set intervention=none",
    ),
  );
  await expect(capture(["--set", "duration=120", "--set", "intervention=90"])).resolves.toMatchObject({ code: 0 });
  // A list that contradicts itself is refused, not read one way or the other.
  await expect(capture(["--defences", "all,none"])).rejects.toThrow(
    new UsageError(
      "--defences all cannot be combined with other defences (got all,none); give all alone, or a list of defences",
    ),
  );
  await expect(capture(["--defences", "none,breaker"])).rejects.toThrow(
    /--defences none cannot be combined with other defences \(got none,breaker\)/,
  );
  await expect(capture(["--defences", "breaker", "--defences", "all"])).rejects.toThrow(/--defences all cannot be/);
  await expect(capture(["--seed", "1.5"])).rejects.toThrow(/--seed must be a whole number/);
  await expect(capture(["--colour"])).rejects.toThrow(
    "retry-storm takes only --defences, --seed, --set and --json (got --colour)",
  );
  // --set repeats, one parameter a time: set twice, it is refused, not read as its last value.
  await expect(capture(["--set", "poolSize=5", "--set", "poolSize=60"])).rejects.toThrow(
    new UsageError("--set poolSize given twice (5 and 60): set each parameter once"),
  );
  await expect(capture(["--set", "poolSize=5", "--set", "load=2", "--set", "poolSize= 5"])).rejects.toThrow(
    new UsageError("--set poolSize given twice (5 and 5): set each parameter once"),
  );
});

test("-h anywhere before -- is --help, even beside an option it would refuse", async () => {
  for (const argv of [["-h"], ["--set", "poolSize=5", "-h"], ["--set", "-h"], ["--workers", "8", "--help"]]) {
    const { code, out } = await capture(argv);
    expect(code, argv.join(" ")).toBe(0);
    expect(out, argv.join(" ")).toMatch(/^usage: npm run sim -- retry-storm /);
  }
});

test("through npm run sim: exit code 2 on a bad parameter, 0 and a table otherwise", async () => {
  // In-process (src/cli/compiled.test.ts starts the compiled command as a process).
  const bad = await sim(["retry-storm", "--set", "clientTimeout=-1"]);
  expect(bad.code).toBe(2);
  expect(bad.err).toMatch(/^error: clientTimeout must be at least/);
  const mixed = await sim(["retry-storm", "--defences", "none,breaker"]);
  expect(mixed.code).toBe(2);
  expect(mixed.err).toMatch(/^error: --defences none cannot be combined with other defences/);
  const good = await sim(["retry-storm", "--defences", "all", "--set", "duration=60"]);
  expect(good.code).toBe(0);
  expect(good.out).toMatch(/first try times out waiting for a connection\s+never/);
});

test("exactly one try per request reads as the page writes it, with its two decimals", {
  timeout: 60_000,
}, async () => {
  const { out } = await capture(["--set", "triggerDuration=0"]);
  expect(out).toMatch(/amplification\s+1\.00 tries per request \(1\.00 dependency calls\)/);
});

test("a run that used to take over a minute is refused up front, naming the limit and the duration that fits", async () => {
  // 71.9 million events and 78 s before, with no word; the page's links take the same parameters.
  const argv = ["--set", "duration=3600", "--set", "load=5", "--set", "attempts=20", "--set", "intervention=none"];
  const started = performance.now();
  const refusal = await capture(argv).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(performance.now() - started).toBeLessThan(1000);
  expect(refusal).toBeInstanceOf(UsageError);
  const message = (refusal as UsageError).message;
  expect(message).toMatch(
    /^a run of 3,600 s at load 5 with 20 attempts could take up to [\d,]+ events, over the limit of 10,000,000 a run: use a duration of at most \d+ s, or lower the load or the attempts$/,
  );
  // The duration it names runs.
  const longest = message.match(/at most (\d+) s/)![1]!;
  expect(runSizeProblem(defaultScenario({ params: { duration: Number(longest), load: 5, attempts: 20 } }))).toBe(
    undefined,
  );
});

test("the cost limit is stated in --help", async () => {
  const { out } = await capture(["--help"]);
  expect(out).toMatch(/^cost limit:\n {2}a run may take at most 10,000,000 events\./m);
  expect(retryStormEventLimit).toBe(10_000_000);
});
