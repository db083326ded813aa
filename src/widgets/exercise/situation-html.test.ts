import { expect, test } from "vitest";
import { cellWraps, situationHtml, wrappingHtml } from "./situation-html.ts";

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
