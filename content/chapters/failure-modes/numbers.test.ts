import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { connect, grayExample, replicaOutage, threads } from "./numbers.ts";

test("SRE thread starvation: 10 x 100 threads, 5% of 1,000 QPS hang for 100 s -> 5,000 threads demanded", () => {
  expect(threads.total).toBe("1,000");
  expect(threads.hangingPerSecond).toBe("50");
  expect(threads.demanded).toBe("5,000");
});

test("the tier runs out of threads in 20 s and about 80% of requests fail (the SRE book's example)", () => {
  expect(threads.secondsToExhaust).toBe("20");
  expect(threads.failing).toBe("80%");
  expect(threads.served).toBe("20%"); // 1,000 of 5,000 threads
});

test("one gray server failing 1 in 10 behind a 10-way balancer: 1% errors, health checks all green", () => {
  expect(grayExample.servers).toBe("10");
  expect(grayExample.oneIn).toBe("10");
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

test("the prose: the simulated tier runs out when Little's law says, and its failure rate lands on the estimate", () => {
  const golden = readFileSync(new URL("./starvation.golden.txt", import.meta.url), "utf8");
  const ranOut = Number(/threads first ran out after ([\d.]+) s/.exec(golden)![1]);
  const failed = Number(/from then on ([\d.]+)% of all requests failed/.exec(golden)![1]) / 100;
  expect(ranOut).toBeCloseTo(threads.raw.secondsToExhaust, 0);
  expect(Math.abs(failed - threads.raw.failingShare)).toBeLessThan(0.02);
});

test("connect to a silent address: Linux gives up after 127 s, the last SYN at 63 s", () => {
  expect(connect.synRetries).toBe("6");
  expect(connect.lastRetransmitSeconds).toBe("63");
  expect(connect.giveUpSeconds).toBe("127");
});
