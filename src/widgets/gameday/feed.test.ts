import { expect, test } from "vitest";
import { unbrokenFigures } from "../../format/units.ts";
import { clock } from "../../sim/gameday/report.ts";
import { feedLineHtml } from "./feed.ts";

test("a feed line holds its time and its text in columns of their own, the text escaped, a space between", () => {
  expect(feedLineHtml(75, "Page: <b> & more")).toBe(
    `<span class="gd-feed-time">${clock(75)}</span> <span class="gd-feed-text">Page: &lt;b&gt; &amp; more</span>`,
  );
});

test("the results' timeline writes each part through `html`: its figures kept whole, the text escaped first", () => {
  expect(feedLineHtml(114, "Resumed at 1 min 54 s <b>", unbrokenFigures)).toBe(
    `<span class="gd-feed-time">${unbrokenFigures(clock(114))}</span> <span class="gd-feed-text">Resumed at 1\u00a0min\u00a054\u00a0s &lt;b&gt;</span>`,
  );
});
