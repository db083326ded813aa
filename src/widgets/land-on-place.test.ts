import { afterEach, expect, test, vi } from "vitest";
import { landEarly, landsEarly } from "./land-on-place.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A block of a chapter's content: where its top is in the window, and whether it is skipped. */
function block(top: number, skipped = true) {
  const classes = new Set<string>();
  return {
    top,
    skipped,
    classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
    shown: () => classes.has("br-shown"),
    contains: () => false,
    getBoundingClientRect: () => ({ top }),
    scrollIntoView: vi.fn(),
    closest: () => null as unknown,
  };
}

/**
 * A page being parsed, opened by `type` at #place: seven blocks 500 px apart, the place the fourth,
 * in a 600 px window; `frame()` runs the callbacks asked for the next frame.
 */
function page(type: string) {
  const blocks = [block(0, false), block(500), block(1000), block(1500), block(2000), block(2500), block(3000)];
  const target = blocks[3]!;
  const content = { children: blocks };
  target.closest = () => content;
  let parsed = false;
  let frames: (() => void)[] = [];
  vi.stubGlobal("location", { hash: "#place" });
  vi.stubGlobal("performance", { getEntriesByType: () => [{ type }] });
  vi.stubGlobal("document", {
    readyState: "loading",
    getElementById: (id: string) => (parsed && id === "place" ? target : null),
  });
  vi.stubGlobal("getComputedStyle", (b: ReturnType<typeof block>) => ({
    contentVisibility: b.skipped && !b.shown() ? "auto" : "visible",
  }));
  vi.stubGlobal("innerHeight", 600);
  vi.stubGlobal("scrollY", 0);
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
  return {
    blocks,
    target,
    parse: () => {
      parsed = true;
    },
    waiting: () => frames.length,
    frame: () => {
      const now = frames;
      frames = [];
      for (const callback of now) callback();
    },
  };
}

test("a page opened at a place is landed early; one returned to is left to anchor-jumps.ts", () => {
  expect(landsEarly("navigate")).toBe(true);
  expect(landsEarly(undefined)).toBe(true);
  expect(landsEarly("reload")).toBe(false);
  expect(landsEarly("back_forward")).toBe(false);
  const reloaded = page("reload");
  landEarly();
  expect(reloaded.waiting()).toBe(0);
});

test("the blocks the jump crosses or lands among are rendered as soon as the place is parsed, the scroll two frames later", () => {
  const opened = page("navigate");
  landEarly();
  // Not parsed yet: looked for again before the next frame.
  opened.frame();
  expect(opened.waiting()).toBe(1);
  expect(opened.blocks.some((b) => b.shown())).toBe(false);
  opened.parse();
  opened.frame();
  // The skipped blocks above (not the first, never skipped), the place's and the one the window
  // shows below it (2000 px, under 1500 + 600) are rendered; the next (2500 px) is not.
  expect(opened.blocks.map((b) => b.shown())).toEqual([false, true, true, true, true, false, false]);
  expect(opened.target.scrollIntoView).not.toHaveBeenCalled();
  opened.frame();
  expect(opened.target.scrollIntoView).not.toHaveBeenCalled();
  opened.frame();
  expect(opened.target.scrollIntoView).toHaveBeenCalledOnce();
  // Skipped again two frames after the scroll.
  opened.frame();
  opened.frame();
  expect(opened.blocks.some((b) => b.shown())).toBe(false);
  expect(opened.waiting()).toBe(0);
});
