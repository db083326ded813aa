import { describe, expect, test } from "vitest";
import { type FigureLike, scrolls, updateStops } from "./figure-stops.ts";

/** A figure as the script sees it: its attributes, and the overflow its style gives it. */
class FakeFigure implements FigureLike {
  readonly attributes = new Map<string, string>();
  constructor(
    public overflowX: string,
    tabindex?: string,
  ) {
    if (tabindex !== undefined) this.attributes.set("tabindex", tabindex);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
}

describe("a diagram is a Tab stop only while it scrolls", () => {
  test("the overflow values that let a box scroll", () => {
    expect(scrolls("auto")).toBe(true);
    expect(scrolls("scroll")).toBe(true);
    expect(scrolls("visible")).toBe(false);
    expect(scrolls("hidden")).toBe(false);
    expect(scrolls("clip")).toBe(false);
  });

  test("a figure that fits loses the build's stop; one that scrolls keeps it", () => {
    const wide = new FakeFigure("visible", "0");
    const narrow = new FakeFigure("auto", "0");
    updateStops([wide, narrow], (f) => f.overflowX);
    expect(wide.hasAttribute("tabindex")).toBe(false);
    expect(narrow.attributes.get("tabindex")).toBe("0");
  });

  test("narrowing the window gives the stop back, widening takes it away again", () => {
    const figure = new FakeFigure("visible", "0");
    updateStops([figure], (f) => f.overflowX);
    expect(figure.hasAttribute("tabindex")).toBe(false);
    figure.overflowX = "auto";
    updateStops([figure], (f) => f.overflowX);
    expect(figure.attributes.get("tabindex")).toBe("0");
    figure.overflowX = "visible";
    updateStops([figure], (f) => f.overflowX);
    expect(figure.hasAttribute("tabindex")).toBe(false);
  });
});
