import { expect, test } from "vitest";
import { situationHtml } from "./situation-html.ts";

const series = (caption: string, unit: string, top: number) => ({
  kind: "series" as const,
  caption,
  unit,
  x: { label: "second", values: [0, 10, 20] },
  lines: [{ name: "calls", values: [0, top / 2, top] }],
});

test("a chart's axis numbers are grouped by the course's one rule, thousands with their separator", () => {
  const html = situationHtml({ title: "t", blocks: [series("Calls per second", "per second", 20_000)] });
  const ticks = [...html.matchAll(/class="br-sit__tick br-sit__tick--[xy]"[^>]*>([^<]*)</g)].map((m) => m[1]!);
  expect(ticks).toContain("20,000");
  expect(ticks).toContain("10,000");
  for (const t of ticks) expect(t).not.toMatch(/\d{4}/);
});

test("a chart's title says its unit once: in brackets only when the caption does not already say it", () => {
  const queue = situationHtml({ title: "t", blocks: [series("Wait in the queue", "seconds", 10)] });
  expect(queue).toContain('<figcaption>Wait in the queue <span class="br-sit__unit">(seconds)</span></figcaption>');
  const html = situationHtml({ title: "t", blocks: [series("Calls per second", "per second", 100)] });
  expect(html).toContain("<figcaption>Calls per second</figcaption>");
  expect(html).not.toContain("(per second)</span>");
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
