import { describe, expect, test } from "vitest";
import { formatArgs, formatTable, inspect } from "./format.ts";

describe("inspect", () => {
  test("primitives", () => {
    expect(formatArgs(["text", 1, -0, 12n, true, null, undefined, Symbol("s")])).toBe(
      "text 1 -0 12n true null undefined Symbol(s)",
    );
  });

  test("strings are bare at the top level and quoted inside containers", () => {
    expect(inspect(["it's", "a\nb"])).toBe("[ 'it\\'s', 'a\\nb' ]");
    expect(inspect({ "a-b": "x", ok: 1 })).toBe("{ 'a-b': 'x', ok: 1 }");
  });

  test("objects, arrays, Map and Set, nested to depth 2", () => {
    expect(inspect({ a: 1, c: [1, 2, { d: new Map([["k", 1n]]) }], s: new Set([1, 2]) })).toBe(
      "{ a: 1, c: [ 1, 2, { d: [Map] } ], s: Set(2) { 1, 2 } }",
    );
    expect(inspect(new Map([["a", { b: 1 }]]))).toBe("Map(1) { 'a' => { b: 1 } }");
    expect(inspect(new Set())).toBe("Set(0) {}");
    expect(inspect([])).toBe("[]");
    expect(inspect({})).toBe("{}");
    // biome-ignore lint/suspicious/noSparseArray: the hole is what this formats
    expect(inspect([1, , 3])).toBe("[ 1, <1 empty item>, 3 ]");
  });

  test("class instances, null prototypes, functions, errors, dates, typed arrays", () => {
    class Point {
      x = 1;
    }
    expect(inspect(new Point())).toBe("Point { x: 1 }");
    expect(inspect(Object.create(null))).toBe("[Object: null prototype] {}");
    expect(inspect(function named() {})).toBe("[Function: named]");
    expect(inspect(Point)).toBe("[class Point]");
    expect(inspect(new RangeError("too big"))).toBe("RangeError: too big");
    expect(inspect(new Date(Date.UTC(2020, 0, 2)))).toBe("2020-01-02T00:00:00.000Z");
    expect(inspect(new Int32Array([1, 2]))).toBe("Int32Array(2) [ 1, 2 ]");
  });

  test("circular references do not loop", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    expect(inspect(a)).toBe("{ name: 'a', self: [Circular] }");
  });

  test("long arrays of numbers wrap into aligned rows; very long ones are cut at 100", () => {
    expect(inspect(Array.from({ length: 20 }, (_, i) => i * 7))).toBe(
      "[\n    0,   7,  14,  21,  28,  35,  42,  49,  56,  63,  70,  77,  84,  91,\n   98, 105, 112, 119, 126, 133\n]",
    );
    expect(inspect(Array.from({ length: 150 }, () => 0))).toMatch(/\.\.\. 50 more items\n\]$/);
  });

  test("long objects break one entry per line", () => {
    const text = inspect({ first: "a fairly long string value", second: "another fairly long string value" });
    expect(text).toBe("{\n  first: 'a fairly long string value',\n  second: 'another fairly long string value'\n}");
  });
});

describe("formatArgs", () => {
  test("printf-style placeholders in a leading string", () => {
    expect(formatArgs(["%s has %d workers (%i%%), %o", "cell", 8.5, 42.9, { a: 1 }])).toBe(
      "cell has 8.5 workers (42%), { a: 1 }",
    );
    expect(formatArgs(["%s and %s", "one"])).toBe("one and %s");
    expect(formatArgs(["%c styled", "color: red"])).toBe(" styled");
    expect(formatArgs(["100%", 5])).toBe("100% 5");
  });
});

test("formatTable draws a box with an index column", () => {
  expect(
    formatTable([
      { a: 1, b: "y" },
      { a: 2, c: true },
    ]),
  ).toBe(
    [
      "┌─────────┬───┬─────┬──────┐",
      "│ (index) │ a │ b   │ c    │",
      "├─────────┼───┼─────┼──────┤",
      "│ 0       │ 1 │ 'y' │      │",
      "│ 1       │ 2 │     │ true │",
      "└─────────┴───┴─────┴──────┘",
    ].join("\n"),
  );
  expect(formatTable({ x: 1 })).toContain("│ x       │ 1      │");
  expect(formatTable(5)).toBe("5");
});
