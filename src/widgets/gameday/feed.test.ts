import { expect, test } from "vitest";
import { clock } from "../../sim/gameday/report.ts";
import { feedLineHtml } from "./feed.ts";

test("a feed line holds its time and its text in columns of their own, the text escaped, a space between", () => {
  expect(feedLineHtml(75, "Page: <b> & more")).toBe(
    `<span class="gd-feed-time">${clock(75)}</span> <span class="gd-feed-text">Page: &lt;b&gt; &amp; more</span>`,
  );
});
