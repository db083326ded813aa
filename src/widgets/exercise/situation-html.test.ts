import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { listExerciseIds } from "../../grader/exercise-files.ts";
import { defaultParams } from "../../grader/exercise-meta.ts";
import { projectRoot, readExerciseMeta } from "../../grader/load-exercises.ts";
import { renderSituation, type SituationModule } from "../../grader/situation.ts";
import { cellWraps, situationHtml, timeAxis, timeLabel, valueLabel, wrappingHtml } from "./situation-html.ts";

const series = (caption: string, unit: string, top: number) => ({
  kind: "series" as const,
  caption,
  unit,
  x: { label: "second", values: [0, 10, 20] },
  lines: [{ name: "calls", values: [0, top / 2, top] }],
});

test("a chart's axis numbers are grouped by the course's one rule, thousands with their separator", () => {
  const html = situationHtml({ title: "t", blocks: [series("Calls per second", "per second", 20_000)] });
  const ticks = [...html.matchAll(/class="br-sit__tick br-sit__tick--[xy][^"]*"[^>]*>([^<]*)</g)].map((m) => m[1]!);
  expect(ticks).toContain("20,000/s");
  expect(ticks).toContain("10,000/s");
  for (const t of ticks) expect(t).not.toMatch(/\d{4}/);
});

/** A chart's axis labels as the page places them: "10 s at 50%", and at an end of the axis "0 s at 0% (start)". */
const axisTicks = (html: string, axis: "x" | "y") =>
  [
    ...html.matchAll(
      /class="br-sit__tick br-sit__tick--([xy])(?: br-sit__tick--(start|end))?" style="(?:top|left):([\d.]+)%">([^<]*)</g,
    ),
  ]
    .filter((m) => m[1] === axis)
    .map((m) => `${m[4]} at ${m[3]}%${m[2] ? ` (${m[2]})` : ""}`);

test("a chart's time axis says its unit and is labelled at round times, running on to the next where the values nearly reach it", () => {
  const chart = (label: string, values: number[]) =>
    situationHtml({
      title: "t",
      blocks: [
        {
          ...series("Calls", "per second", 10),
          x: { label, values },
          lines: [{ name: "calls", values: values.map(() => 1) }],
        },
      ],
    });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // Seconds 0 to 19 (the retry chain's): once "0", "9" and "19", with no unit.
  expect(axisTicks(chart("second", range(0, 19)), "x")).toEqual([
    "0 s at 0% (start)",
    "10 s at 50%",
    "20 s at 100% (end)",
  ]);
  // Twelve minutes: 15 is four minutes past the last, so the axis ends at 11.
  expect(axisTicks(chart("minute", range(0, 11)), "x")).toEqual([
    "0 min at 0% (start)",
    "5 min at 45.5%",
    "10 min at 90.9%",
  ]);
  expect(axisTicks(chart("day", range(1, 30)), "x")).toEqual([
    "day 10 at 31%",
    "day 20 at 65.5%",
    "day 30 at 100% (end)",
  ]);
  // Two minutes of seconds, every second: at most four labels.
  expect(axisTicks(chart("second", range(0, 119)), "x")).toEqual(["0 s at 0% (start)", "50 s at 42%", "100 s at 84%"]);
  // The lines are drawn on that axis: seconds 0 to 19 end at 19 of 20, 95% across.
  expect(chart("second", range(0, 19))).toContain(" 950,");
});

test("timeAxis: round labels 1, 2, 2.5 or 5 times a power of ten apart (2.5 only in whole numbers), at most four", () => {
  expect(timeAxis([0, 1, 2])).toEqual({ min: 0, max: 2, ticks: [0, 1, 2] });
  // Every ten seconds to 70: 0, 25, 50 and 75, the axis run on five seconds (half a step between values).
  expect(timeAxis([0, 10, 20, 30, 40, 50, 60, 70])).toEqual({ min: 0, max: 75, ticks: [0, 25, 50, 75] });
  // Days 1 to 9: never "day 2.5".
  expect(timeAxis([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ min: 1, max: 10, ticks: [5, 10] });
  expect(timeAxis([3, 3])).toEqual({ min: 3, max: 3, ticks: [3] });
});

test("timeLabel and valueLabel: a figure with its unit", () => {
  expect(["second", "minute", "hour", "day"].map((axis) => timeLabel(axis, 1200))).toEqual([
    "1,200 s",
    "1,200 min",
    "1,200 h",
    "day 1,200",
  ]);
  expect(["%", "seconds", "ms", "per second", "disks", "of 20"].map((unit) => valueLabel(unit, "50"))).toEqual([
    "50%",
    "50 s",
    "50 ms",
    "50/s",
    "50",
    "50",
  ]);
});

test("a chart's title says its unit once: in brackets only when the caption does not already say it", () => {
  const queue = situationHtml({ title: "t", blocks: [series("Wait in the queue", "seconds", 10)] });
  expect(queue).toContain('<figcaption>Wait in the queue <span class="br-sit__unit">(seconds)</span></figcaption>');
  const html = situationHtml({ title: "t", blocks: [series("Calls per second", "per second", 100)] });
  expect(html).toContain("<figcaption>Calls per second</figcaption>");
  expect(html).not.toContain("(per second)</span>");
  // And so does what a screen reader reads of the chart: "Calls per second, over …", not "…, per second, over".
  expect(html).toMatch(/aria-label="Calls per second, over /);
  expect(queue).toMatch(/aria-label="Wait in the queue, seconds, over /);
});

test("a column heading's hyphenated word is kept whole, the heading escaped", () => {
  const html = situationHtml({
    title: "t",
    blocks: [{ kind: "table", caption: "Hops", columns: ["hop", "time-out (ms)", "a<b"], rows: [["x", 1, 2]] }],
  });
  expect(html).toContain('<th scope="col"><span class="br-sit__word">time-out</span> (ms)</th>');
  expect(html).toContain('<th scope="col">a&lt;b</th>');
  expect(html).toContain('<th scope="col">hop</th>');
});

test("a cell of words may wrap; a cell of figures or an id stays whole", () => {
  for (const words of ["exponential, full jitter", "v8 (deployed 4 min ago)", "gateway → checkout", "workers busy"])
    expect(cellWraps(words), words).toBe(true);
  for (const whole of ["cell 0", "zone a", "c-805 ×11", "c-112 (14%)", "200 of 200", "1,200 ms", "–", 42])
    expect(cellWraps(whole), String(whole)).toBe(false);
});

test("text wraps at spaces, keeping a hyphenated word, a figure with its unit and an arrow with its name whole", () => {
  expect(wrappingHtml("t=7.340s req-ae4 cart → pricing: timed out after 500 ms")).toBe(
    't=7.340s <span class="br-sit__word">req-ae4</span> cart <span class="br-sit__word">→ pricing:</span> timed out after <span class="br-sit__word">500 ms</span>',
  );
  expect(wrappingHtml("since 2 min <after>")).toBe('since <span class="br-sit__word">2 min</span> &lt;after&gt;');
  // A heading's figure stands alone, as "%" does: only its hyphenated words are kept whole.
  expect(wrappingHtml("time-out 2 (ms)", { keepFigures: false })).toBe(
    '<span class="br-sit__word">time-out</span> 2 (ms)',
  );
});

test("an arrow is kept with what it points to, so a hop wraps as its caller over '→ callee', never the arrow alone", () => {
  expect(wrappingHtml("gateway → checkout")).toBe('gateway <span class="br-sit__word">→ checkout</span>');
  // A figure goes whole with the arrow before it.
  expect(wrappingHtml("timed out → 500 ms later")).toBe('timed out <span class="br-sit__word">→ 500 ms</span> later');
  // An arrow with nothing after it stays as it is.
  expect(wrappingHtml("next →")).toBe("next →");
  expect(wrappingHtml("a →  b")).toBe("a →  b");
  const html = situationHtml({
    title: "t",
    blocks: [
      {
        kind: "table",
        caption: "Each hop's retry policy",
        columns: ["hop", "attempts", "backoff"],
        rows: [
          ["gateway → checkout", 3, "exponential, full jitter"],
          ["cart → pricing", 1, "none"],
        ],
      },
    ],
  });
  expect(html).toContain(
    '<th scope="row" class="br-sit__text br-sit__wrap">gateway <span class="br-sit__word">→ checkout</span></th>',
  );
  expect(html).toContain(
    '<th scope="row" class="br-sit__text br-sit__wrap">cart <span class="br-sit__word">→ pricing</span></th>',
  );
});

test("a column with a cell of words is text: set left, its cells of words wrapping, its others whole", () => {
  const html = situationHtml({
    title: "t",
    blocks: [
      {
        kind: "table",
        caption: "Per instance",
        columns: ["instance", "version", "errors"],
        rows: [
          ["i-1", "v8 (deployed 4 min ago)", 12],
          ["i-2", "v7", 0],
        ],
      },
    ],
  });
  expect(html).toContain(
    '<th scope="col">instance</th><th scope="col" class="br-sit__text">version</th><th scope="col">errors</th>',
  );
  expect(html).toContain(
    '<tr><th scope="row">i-1</th><td class="br-sit__text br-sit__wrap">v8 (deployed <span class="br-sit__word">4 min</span> ago)</td><td>12</td></tr>',
  );
  expect(html).toContain('<tr><th scope="row">i-2</th><td class="br-sit__text">v7</td><td>0</td></tr>');
});

test("a log's lines wrap, one block each, their text unchanged; a map's text scrolls in a named Tab stop", () => {
  const html = situationHtml({
    title: "t",
    blocks: [
      { kind: "log", caption: "Trace", lines: ["t=1s req-a1 started", "t=2s done"] },
      { kind: "map", caption: "The map", text: "a\n  b\n" },
    ],
  });
  const log = /<pre class="br-sit__wrapped">(.*?)<\/pre>/s.exec(html)?.[1] ?? "";
  expect(log.match(/<span class="br-sit__line">/g)).toHaveLength(2);
  expect(log.replace(/<[^>]+>/g, "")).toBe("t=1s req-a1 started\nt=2s done\n");
  expect(html).not.toMatch(/<pre class="br-sit__wrapped"[^>]*tabindex/);
  expect(html).toContain(
    '<pre class="br-sit__scroll br-sit__scroll--map" tabindex="0" role="region" aria-label="The map">a\n  b</pre>',
  );
});

test("every exercise's situation charts label both axes with their units, the time axis at round times", async () => {
  const charts: string[] = [];
  for (const id of listExerciseIds()) {
    if (!existsSync(join(projectRoot(), "exercises", id, "situation.ts"))) continue;
    const meta = readExerciseMeta(id);
    const module: SituationModule = await import(`../../../exercises/${id}/situation.ts`);
    for (const block of renderSituation(module, defaultParams(meta)).blocks) {
      if (block.kind !== "series") continue;
      const where = `${id}: ${block.caption}`;
      charts.push(where);
      const html = situationHtml({ title: "t", blocks: [block] });
      const times = axisTicks(html, "x").map((t) => t.replace(/ at [\d.]+%( \((start|end)\))?$/, ""));
      // "10 s", "5 min", "day 20": a figure and its unit, every one a multiple of the step between them.
      expect(times.length, where).toBeGreaterThanOrEqual(2);
      for (const t of times) expect(t, where).toMatch(/^\d[\d,]* (s|min)$|^day \d[\d,]*$/);
      const figures = times.map((t) => Number(t.replace(/\D/g, "")));
      const step = figures[1]! - figures[0]!;
      expect(String(step), where).toMatch(/^(1|2|25|5)0*$/);
      for (const f of figures) expect(f % step, `${where}: ${f}`).toBe(0);
      // A measure's unit on every value label; a count's is in the chart's title, as the replay's is.
      const suffix = { "%": "%", seconds: " s", ms: " ms", "per second": "/s" }[block.unit];
      const values = axisTicks(html, "y").map((t) => t.replace(/ at [\d.]+%$/, ""));
      for (const v of values)
        if (suffix) expect(v.endsWith(suffix), `${where}: ${v}`).toBe(true);
        else expect(v, where).toMatch(/^[\d,.]+$/);
    }
  }
  // The four diagnoses with charts, each chart checked.
  expect(charts).toContain("diagnose-retry-chain: Calls per second");
  expect(charts.length).toBeGreaterThanOrEqual(7);
  // The retry chain's twenty seconds: 0, 10 and 20 s (once 0, 9 and 19, with no unit).
  const chain = { meta: readExerciseMeta("diagnose-retry-chain") };
  const calls = renderSituation(
    await import("../../../exercises/diagnose-retry-chain/situation.ts"),
    defaultParams(chain.meta),
  ).blocks.find((b) => b.kind === "series")!;
  expect(axisTicks(situationHtml({ title: "t", blocks: [calls] }), "x")).toEqual([
    "0 s at 0% (start)",
    "10 s at 50%",
    "20 s at 100% (end)",
  ]);
});
