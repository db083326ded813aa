import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { inWords } from "../../../src/format/words.ts";
import { percent } from "../../../src/format/number.ts";
import { linuxSynDefaults, synWaits } from "../../../src/sim/network.ts";
import { sreStarvationExample, threadStarvation } from "../../../src/sim/starvation.ts";
import { runInNode } from "../../../src/playground/node-host.ts";
import { requestForFile } from "../../../src/playground/node-files.ts";
import { eventText } from "../../../src/playground/protocol.ts";
import { connect, grayExample, replicaExample, replicaOutage, starvationSettings, threads } from "./numbers.ts";

test("SRE thread starvation: 10 x 100 threads, 5% of 1,000 QPS hang for 100 s -> 5,000 threads demanded", () => {
  expect(threads.total).toBe("1,000");
  expect(threads.hangingPerSecond).toBe("50");
  expect(threads.demanded).toBe("5,000");
});

test("the tier runs out of threads in 20 s and about 80% of requests fail", () => {
  expect(threads.secondsToExhaust).toBe("20");
  expect(threads.failing).toBe("80%");
  expect(threads.served).toBe("20%"); // 1,000 of 5,000 threads
});

// Audit: the chapter said "about 80%" fail where the book, counting the 95 threads the ordinary
// requests hold, says 19.6% served and an 80.4% error rate ("1,000 threads available / (5,000 + 95)
// threads' worth of work"). The chapter now says its estimate leaves them out, and gives the book's.
test("the book's count: the usual 100 ms requests hold 95 threads, so 1,000 of 5,095 threads' worth: 19.6% served, 80.4% fail", () => {
  expect(threads.usualMillis).toBe("100");
  expect(threads.usualPerSecond).toBe("950");
  expect(threads.withUsual).toEqual({
    usualThreads: "95",
    demanded: "5,095",
    // The book's own figures, as it prints them.
    served: "19.6%",
    failing: "80.4%",
    // 905 threads left free for 50 hanging requests a second.
    secondsToExhaust: "18.1",
  });
  expect(threads.rawWithUsual.failingShare).toBeCloseTo(1 - 1000 / (5000 + 95), 12);
  // The short estimate is the same tier with the usual requests' threads left out.
  expect(threads.raw).toEqual(threadStarvation({ ...sreStarvationExample, usualSeconds: 0 }));
  expect(threads.raw.usualThreads).toBe(0);
});

test("the prose says which estimate leaves the ordinary requests out, and that the simulation does too", () => {
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8").replace(/\s+/g, " ");
  const from = mdx.indexOf("## Slow is worse than dead");
  const section = mdx.slice(from, mdx.indexOf(" ## ", from + 1));
  expect(section).toContain("Leave the other requests out for a moment, as if they held no thread at all.");
  expect(section).toContain(
    "{threads.total} / ({threads.demanded} + {threads.withUsual.usualThreads}): it serves {threads.withUsual.served} of requests, and **{threads.withUsual.failing} fail**.",
  );
  expect(section).toContain("the simulation below leaves them out as the estimate above did.");
  expect(section).toContain(
    "[Addressing Cascading Failures](https://sre.google/sre-book/addressing-cascading-failures/)",
  );
  // The simulation does leave them out: a request that does not hang takes no thread past its step,
  // so the threads run out when the short estimate says (20 s), not when the book's count does (18.1 s).
  const play = readFileSync(new URL("./starvation.play.ts", import.meta.url), "utf8");
  expect(play.match(/held\+\+/g)).toHaveLength(1);
  expect(play).toMatch(/if \(rand\(\) < hangingShare\) \{\s+held\+\+;/);
  const golden = readFileSync(new URL("./starvation.golden.txt", import.meta.url), "utf8");
  const ranOut = Number(/threads first ran out after ([\d.]+) s/.exec(golden)![1]);
  expect(ranOut).toBeCloseTo(threads.raw.secondsToExhaust, 0);
  expect(Math.abs(ranOut - threads.rawWithUsual.secondsToExhaust)).toBeGreaterThan(1);
});

test("one gray server failing 1 in 10 behind a 10-way balancer: 1% errors, health checks all green", () => {
  expect(grayExample.servers).toBe("10");
  expect(grayExample.oneIn).toBe("10");
  // "fails one type of request in ten": the figure the diagram gives as "1 in 10".
  expect(grayExample.oneInWords).toBe("ten");
  expect(grayExample.overall).toBe("1%");
  expect(grayExample.healthCheck).toBe("100%");
});

test("three replicas each down 1% of the time: independent 1e-6, correlated 1e-2", () => {
  const r = replicaOutage(3, 0.01);
  expect(r.independent).toBeCloseTo(1e-6, 15);
  expect(r.correlated).toBe(0.01);
  expect(Math.round(r.independentSecondsPerYear)).toBe(32); // 31.536 s
  expect(Math.round(r.correlatedHoursPerYear)).toBe(88); // 87.6 h
});

test("the replica example's count is one constant: its words say it and its figures are computed for it", () => {
  expect(replicaExample.replicas).toBe(inWords(replicaExample.count));
  expect(replicaExample.raw).toEqual(replicaOutage(replicaExample.count, replicaExample.downShareValue));
  expect(replicaExample.downShare).toBe(percent(replicaExample.downShareValue, 0));
  // The section's prose types no count or exponent of its own: each comes from replicaExample.
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  const from = mdx.indexOf("## Correlated failures defeat redundancy");
  const section = mdx.slice(from, mdx.indexOf("\n## ", from + 1));
  expect(section).toContain("each of {replicaExample.replicas} replicas");
  expect(section).toContain("<i>p</i><sup>{replicaExample.count}</sup>");
  const typedCounts = new RegExp(
    `\\b(${[2, 3, 4, 5].map(inWords).join("|")})\\b|second and third|\\^\\d|<sup>\\d`,
    "i",
  );
  expect(section).not.toMatch(typedCounts);
});

test("the prose: the simulated tier runs out when Little's law says, and its failure rate lands on the estimate", () => {
  const golden = readFileSync(new URL("./starvation.golden.txt", import.meta.url), "utf8");
  const ranOut = Number(/threads first ran out after ([\d.]+) s/.exec(golden)![1]);
  const failed = Number(/from then on ([\d.]+)% of all requests failed/.exec(golden)![1]) / 100;
  expect(ranOut).toBeCloseTo(threads.raw.secondsToExhaust, 0);
  expect(Math.abs(failed - threads.raw.failingShare)).toBeLessThan(0.02);
});

test("connect to a silent address: Linux (6.5 on) sends the SYN 10 more times, the first 5 a second apart, last at 67 s, gives up at 131 s", () => {
  // docs.kernel.org/networking/ip-sysctl.html, tcp_syn_retries: "67seconds (with tcp_syn_linear_timeouts = 4)
  // till the last retransmission ... the final timeout ... after 131seconds".
  expect(connect.retransmissions).toBe("10");
  expect(connect.flatWaits).toBe("5");
  expect(connect.initialRtoSeconds).toBe("1");
  expect(connect.lastRetransmitSeconds).toBe("67");
  expect(connect.giveUpSeconds).toBe("131");
  // Before 6.5 the documentation said 63 s to the last retransmission and 127 s to the final timeout.
  expect(connect.before65).toEqual({ retransmissions: "6", giveUpSeconds: "127" });
  expect(connect.raw.synBefore65.lastRetransmitSeconds).toBe(63);
  // "about two minutes", both ways.
  for (const s of [connect.raw.syn, connect.raw.synBefore65]) expect(Math.round(s.giveUpSeconds / 60)).toBe(2);
});

test("the prose: the simulated threads fill, free up when the first hanging calls give up, and fill again", () => {
  const golden = readFileSync(new URL("./starvation.golden.txt", import.meta.url), "utf8");
  // The playground groups thousands as the course does: "1,000".
  const n = (s: string) => Number(s.replace(/,/g, ""));
  const rows = [...golden.matchAll(/^\s*([\d,]+) s\s+([\d,]+)\s+([\d.]+)%$/gm)].map((m) => ({
    t: n(m[1]!),
    held: n(m[2]!),
  }));
  const total = threads.raw.threads;
  const hang = Number(threads.hangSeconds);
  const fullAt = threads.raw.secondsToExhaust;
  expect(rows.length).toBeGreaterThan(10);
  // Full once the threads first run out, until the first hanging calls give up...
  expect(rows.filter((r) => r.t >= fullAt && r.t < fullAt + hang).every((r) => r.held === total)).toBe(true);
  // ...then some come free in the wave after it, and the tier is full again before the next one.
  const freed = rows.findIndex((r) => r.t >= fullAt + hang && r.held < total);
  expect(rows[freed]!.t).toBeLessThanOrEqual(fullAt + hang + 20);
  expect(rows.slice(freed + 1).some((r) => r.held === total)).toBe(true);
});

test("the prose reads the step the playground runs (10 ms) from the program, and its header states it too", () => {
  const play = readFileSync(new URL("./starvation.play.ts", import.meta.url), "utf8");
  const step = Number(/^const step = ([\d.]+);/m.exec(play)?.[1]);
  expect(step).toBeGreaterThan(0);
  const simulated = starvationSettings(play);
  expect(simulated).toEqual({ stepSeconds: step, stepMillis: "10" });
  expect(play.split("\n")[0]).toContain(`simulated in ${simulated.stepMillis} ms steps`);
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  expect(mdx).toContain("export const simulated = starvationSettings(starvationCode);");
  expect(mdx).toContain("runs the same tier in {simulated.stepMillis} ms steps");
  // A changed step changes the sentence; a step it cannot read stops the build.
  expect(starvationSettings(play.replace(/^const step = [\d.]+;/m, "const step = 0.005;")).stepMillis).toBe("5");
  expect(() => starvationSettings(play.replace(/^const step = /m, "const tick = "))).toThrow(/const step/);
});

test("the prose: a gray server's 1% reaches a user who makes 100 requests a week in 63% of weeks", () => {
  expect(grayExample.userRequestsPerWeek).toBe("100");
  expect(grayExample.userWeeksWithAnError).toBe("63%");
  // An independent count: the weeks with no error at all are 0.99 multiplied by itself 100 times.
  let clean = 1;
  for (let i = 0; i < 100; i++) clean *= 1 - grayExample.raw.overallErrorRate;
  expect(grayExample.raw.userWeeksWithAnError).toBeCloseTo(1 - clean, 12);
});

test("the longest hang that fits, by Little's law: 20 s, where the hanging requests want every thread on average", () => {
  expect(threads.hangThatFits).toBe("20");
  const fits = Number(threads.hangThatFits);
  const under = threadStarvation({ ...sreStarvationExample, hangSeconds: fits * 0.95 });
  expect(under.failingShare).toBe(0);
  expect(under.secondsToExhaust).toBe(Number.POSITIVE_INFINITY);
  expect(threadStarvation({ ...sreStarvationExample, hangSeconds: fits * 1.05 }).failingShare).toBeGreaterThan(0);
});

/** What the starvation playground prints with its hang set to `hangSeconds`, run as the page runs it. */
async function starvationPlayground(hangSeconds: number): Promise<string> {
  const request = requestForFile(fileURLToPath(new URL("./starvation.play.ts", import.meta.url)), 45_000);
  const source = request.files[request.entry]!;
  expect(source).toContain("const hangSeconds = 100;");
  request.files[request.entry] = source.replace("const hangSeconds = 100;", `const hangSeconds = ${hangSeconds};`);
  let printed = "";
  const result = await runInNode(request, (event) => {
    printed += `${eventText(event)}\n`;
  });
  expect(result.status).toBe("ok");
  return printed;
}

test("the playground, as the prose says: a 10 s hang never runs the threads out; at 19 s they still fill now and then", {
  timeout: 60_000,
}, async () => {
  expect(threads.tryHang).toBe("10");
  expect(threads.tryHangDemand).toBe("500");
  expect(await starvationPlayground(Number(threads.tryHang))).toContain("the threads never ran out: no request failed");
  const nearer = await starvationPlayground(Number(threads.hangThatFits) * 0.95);
  expect(nearer).toContain("threads first ran out after");
  expect(nearer).not.toContain("NaN");
});

test("the reading list's figures for kernels before 6.5 are the model's", () => {
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  const title = /title: "IP sysctl, Linux 6\.4: [^"]*"/.exec(mdx)?.[0] ?? "";
  expect(title).toContain(`${connect.raw.synBefore65.lastRetransmitSeconds} s to the last retransmission`);
  expect(title).toContain(`${connect.raw.synBefore65.giveUpSeconds} s to give up`);
  expect(mdx).toContain("url: https://www.kernel.org/doc/html/v6.4/networking/ip-sysctl.html");
  // The commit's schedule, as its title in the reading list quotes it, is the model's first waits.
  const schedule = /the ([\d, ]+) schedule; merged for Linux 6\.5/.exec(mdx)?.[1]?.split(", ").map(Number) ?? [];
  expect(schedule.length).toBeGreaterThan(linuxSynDefaults.linearTimeouts + 1);
  expect(synWaits(linuxSynDefaults).slice(0, schedule.length)).toEqual(schedule);
});
