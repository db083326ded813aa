/**
 * Figures in the prose of pages outside the chapters, read from the built pages and held to what
 * they restate: the game day's speeds and lengths (the dashboard's speed buttons, every scenario's
 * length), the interview sheet's confirming window of the fast-burn page (the game day's alert
 * rule), the game day's alerts cited to the workbook they follow, and "beating par is possible"
 * played: par's own steps, taken sooner by the seconds the page says, beat par in every scenario.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { burn } from "../../src/course/interview/numbers.ts";
import { duration, times } from "../../src/format/number.ts";
import { finishedGame } from "../../src/sim/gameday/game.ts";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { alertRules } from "../../src/sim/gameday/slo.ts";
import { speedKeys, speeds, startingSpeed } from "../../src/widgets/gameday/protocol.ts";
import { listNames } from "../../src/format/words.ts";
import { attr, findAll, parseBuiltPage, textOf } from "../../tools/built-site.ts";

/** A built page's text, its no-break spaces (a number bound to its unit) read as spaces. */
function pageText(path: string): string {
  const main = findAll(parseBuiltPage(path), (el) => el.tagName === "main")[0]!;
  return textOf(main)
    .replace(/\u00a0/g, " ")
    .replace(/\s+/g, " ");
}

/** "1×, 5× or 20×" -> ["1×", "5×", "20×"]. */
const listed = (text: string) => text.split(/, | or /);
const running = speeds.filter((s) => s > 0);

test("the facilitator's run sheet gives every scenario's length, and its real time at the speed it names", () => {
  const text = pageText("gameday/facilitator/");
  const play = text.match(/Play\. (.*?) of simulated time; at (\d+)× that is (.*?) of real time\./);
  expect(play, text).not.toBeNull();
  const speed = Number(play![2]);
  expect(running).toContain(speed);
  const lengths = [...new Set(scenarios.map((s) => s.seconds))].sort((a, b) => a - b);
  const shortest = lengths[0]!;
  const longest = lengths.at(-1)!;
  const game =
    shortest === longest
      ? `Each game lasts ${duration(shortest)}`
      : `A game lasts from ${duration(shortest)} to ${duration(longest)}`;
  const real =
    shortest === longest ? duration(shortest / speed) : `${duration(shortest / speed)} to ${duration(longest / speed)}`;
  expect(play![1]).toBe(game);
  expect(play![3]).toBe(real);
});

test.each(scenarios.map((s) => s.id))("the %s page offers the dashboard's speeds", (id) => {
  const offered = pageText(`gameday/${id}/`).match(/play it at (.*?) speed,/)?.[1];
  expect(offered).toBeDefined();
  expect(listed(offered!)).toEqual(running.map((s) => times(s)));
});

test("how to play and each dashboard's help line name the keys the dashboard's handler reads (speedKeys)", () => {
  const howToItem = findAll(
    parseBuiltPage("gameday/"),
    (el) => el.tagName === "li" && textOf(el).includes("pause when you want to think (keys"),
  );
  expect(howToItem).toHaveLength(1);
  const howTo = findAll(howToItem[0]!, (k) => k.tagName === "kbd").map((k) => textOf(k));
  expect(howTo).toEqual(speeds.map((s) => speedKeys[s]));
  for (const { id } of scenarios) {
    const help = findAll(parseBuiltPage(`gameday/${id}/`), (el) =>
      (attr(el, "class") ?? "").split(" ").includes("gd-help"),
    );
    expect(help.map((el) => textOf(el).replace(/\s+/g, " "))).toEqual([
      `Keys: ${speedKeys[0]} pause, ${listNames(running.map((s) => speedKeys[s]))} for ${listNames(running.map((s) => times(s)))} speed.`,
    ]);
  }
});

test("how to play names the speed a game starts at and the faster ones, and cites the workbook its alerts follow", () => {
  const text = pageText("gameday/");
  const clock = text.match(/The clock starts at (\S+); switch to (.*?) when nothing happens/);
  expect(clock, text).not.toBeNull();
  // The speed the dashboard's code starts a game at, then every other running speed.
  expect(clock![1]).toBe(times(startingSpeed));
  expect([clock![1], ...listed(clock![2]!)].sort()).toEqual(running.map((s) => times(s)).sort());
  const doc = parseBuiltPage("gameday/");
  const cited = findAll(
    doc,
    (el) => el.tagName === "a" && attr(el, "href") === "https://sre.google/workbook/alerting-on-slos/",
  );
  expect(cited.map((a) => textOf(a))).toEqual(["Alerting on SLOs"]);
  expect(readFileSync(join(import.meta.dirname, "../../docs/SOURCES.md"), "utf8")).toContain(
    "https://sre.google/workbook/alerting-on-slos/",
  );
});

test("the interview sheet's fast-burn page is confirmed over the game day's short window", () => {
  const fastBurn = alertRules.find((r) => r.id === "fast-burn")!;
  const confirm = pageText("interview-sheet/").match(/h \(and (\d+) min\)/)?.[1];
  expect(Number(confirm)).toBe(fastBurn.shortWindow / 60);
  expect(Number(confirm)).toBe(burn.pageShortWindowMinutes);
});

test("how to play's 'beating par is possible': par's steps taken sooner, still after the fault, beat par in every scenario", {
  timeout: 120_000,
}, () => {
  const sooner = Number(
    pageText("gameday/").match(
      /par's own steps taken (\d+) seconds sooner, still after the fault has begun, score better/,
    )?.[1],
  );
  expect(sooner).toBeGreaterThan(0);
  for (const scenario of scenarios) {
    const earlier = scenario.reference.map((e) => ({ ...e, at: e.at - sooner }));
    for (const e of earlier) expect(e.at, scenario.id).toBeGreaterThan(scenario.faultAt);
    const par = finishedGame(scenario, scenario.seed, scenario.reference).finish().score.tenantMinutes;
    const beaten = finishedGame(scenario, scenario.seed, earlier).finish().score.tenantMinutes;
    expect(beaten, scenario.id).toBeLessThan(par);
  }
});
