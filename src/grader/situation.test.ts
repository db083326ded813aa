import { describe, expect, test } from "vitest";
import { situationHtml } from "../widgets/exercise/situation-html.ts";
import { checkSituation, renderSituation, type Situation, situationText, sparkline } from "./situation.ts";

const example: Situation = {
  title: "The dashboard",
  blocks: [
    { kind: "text", text: "200 workers <in> the pool" },
    {
      kind: "table",
      caption: "Cells",
      columns: ["cell", "errors"],
      rows: [
        ["cell 0", 12],
        ["cell 1", 1],
      ],
      highlight: [0],
    },
    {
      kind: "series",
      caption: "Busy",
      unit: "workers",
      max: 200,
      x: { label: "minute", values: [0, 1, 2] },
      lines: [{ name: "busy", values: [64, null, 200] }],
    },
    { kind: "log", caption: "Replay", lines: ["t=0 try 1", "t=1 try 2"] },
  ],
};

describe("situations", () => {
  test("a well-formed situation passes its check", () => {
    expect(checkSituation(example)).toBe(example);
  });

  test.each([
    [{ title: "", blocks: [{ kind: "text", text: "x" }] }, /title/],
    [{ title: "t", blocks: [] }, /at least one block/],
    [{ title: "t", blocks: [{ kind: "table", caption: "c", columns: ["a", "b"], rows: [["x"]] }] }, /2 cells expected/],
    [
      {
        title: "t",
        blocks: [
          {
            kind: "series",
            caption: "c",
            unit: "u",
            x: { label: "m", values: [0, 1] },
            lines: [{ name: "l", values: [1] }],
          },
        ],
      },
      /has 1 values, x has 2/,
    ],
    [
      {
        title: "t",
        blocks: [
          {
            kind: "series",
            caption: "c",
            unit: "u",
            x: { label: "m", values: [0, 1] },
            lines: [{ name: "l", values: [1, Number.NaN] }],
          },
        ],
      },
      /not a finite number/,
    ],
    [{ title: "t", blocks: [{ kind: "chart" }] }, /unknown block kind "chart"/],
  ])("a malformed situation is named: %#", (value, message) => {
    expect(() => checkSituation(value)).toThrow(message);
  });

  test("a module without situation(params) is named", () => {
    expect(() => renderSituation({} as never, {})).toThrow(/must export a function situation\(params\)/);
  });

  test("the terminal prints each block: the marked row, a sparkline with its values, the log", () => {
    const text = situationText(example);
    expect(text).toContain("== The dashboard ==");
    expect(text).toMatch(/> cell 0\s+12/);
    expect(text).toContain("busy  ▃·█  64 - 200");
    expect(text).toContain("  t=1 try 2");
  });

  test("the terminal groups a series' thousands as the page's axis and values table do", () => {
    const text = situationText({
      title: "Load",
      blocks: [
        {
          kind: "series",
          caption: "Requests per second",
          unit: "per second",
          x: { label: "second", values: [0, 1, 1200] },
          lines: [{ name: "arriving", values: [800, 5400, null] }],
        },
      ],
    });
    // The caption says its unit, so the brackets do not say it again (unitBesideTitle, the page's rule).
    expect(text).toContain("Requests per second (second 0 to 1,200, axis 0 to 5,400):");
    expect(text).toMatch(/arriving {2}\S{3} {2}800 5,400 -$/m);
  });

  test("a caption that does not say its unit gets it in brackets, as the page's chart title does", () => {
    const block = {
      kind: "series" as const,
      caption: "Wait in the queue",
      unit: "seconds",
      x: { label: "second", values: [0, 5] },
      lines: [{ name: "wait", values: [0, 2] }],
    };
    expect(situationText({ title: "Queue", blocks: [block] })).toContain(
      "Wait in the queue (seconds; second 0 to 5, axis 0 to 2):",
    );
  });

  test("sparklines scale to the axis", () => {
    expect(sparkline([0, 100, 200, null], 200)).toBe("▁▅█·");
  });

  test("the page escapes every text and draws a chart with its values in a table", () => {
    const html = situationHtml(example);
    expect(html).toContain("200 workers &lt;in&gt; the pool");
    expect(html).toContain('<tr class="br-sit__hot">');
    expect(html).toContain("<polyline");
    expect(html).toMatch(/<details class="br-sit__values">[\s\S]*<td>200<\/td>/);
    expect(html).not.toContain("<in>");
  });

  test("a chart's axis numbers are HTML placed along the plot, so they keep their size at any width", () => {
    const html = situationHtml(example);
    // No SVG text: an SVG's text would scale with the SVG (22 px at 1280, 7 px on a phone).
    expect(html).not.toContain("<text");
    expect(html).toContain('preserveAspectRatio="none"');
    const ticks = [
      ...html.matchAll(
        /class="br-sit__tick br-sit__tick--(x|y)(?: br-sit__tick--(?:start|end))?" style="(top|left):([\d.]+)%">([^<]*)</g,
      ),
    ].map((m) => `${m[1]} ${m[4]} at ${m[3]}%`);
    expect(ticks).toEqual([
      "y 0 at 100%",
      "y 100 at 50%",
      "y 200 at 0%",
      "x 0 min at 0%",
      "x 1 min at 50%",
      "x 2 min at 100%",
    ]);
    // The line runs from (0, 64) to the top right corner (2, 200), broken by the gap at 1.
    expect(html).toContain('<polyline points="0,680"');
    expect(html).toContain('<polyline points="1000,0"');
  });
});

test("chart axes top out at 1, 2, 2.5 or 5 times a power of ten", async () => {
  const { niceCeiling } = await import("../widgets/exercise/situation-html.ts");
  expect([804, 1200, 100, 0.3, 0].map(niceCeiling)).toEqual([1000, 2000, 100, 0.5, 1]);
});
