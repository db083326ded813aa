import type { Checks } from "course/checks";
import { fnv1a, route } from "./starter.ts";

export default function (t: Checks) {
  t.check("fnv1a matches the published test values", () => {
    t.equal(fnv1a(""), 0x811c9dc5);
    t.equal(fnv1a("a"), 0xe40c292c);
    t.equal(fnv1a("foobar"), 0xbf9cf968);
  });
  t.check("fnv1a XORs in each whole UTF-16 code unit, beyond Latin-1 too", () => {
    // Not the low byte of each unit, not UTF-8 bytes, not whole code points: an emoji is two units.
    t.equal(fnv1a("Ω"), 0xac0d6404, 'fnv1a("Ω"), one code unit');
    t.equal(fnv1a("🙂"), 0x8d31631e, 'fnv1a("🙂"), two code units (a surrogate pair)');
  });
  t.check("fnv1a is unsigned and 32-bit", () => {
    for (const text of ["customer-1", "zzzzzzzzzzzzzzzz", "ünïcödé", "x".repeat(1000)]) {
      const h = fnv1a(text);
      t.ok(Number.isInteger(h) && h >= 0 && h < 2 ** 32, `fnv1a(${JSON.stringify(text.slice(0, 20))}) = ${h}`);
    }
  });
  t.check("route is the hash modulo the number of cells", () => {
    t.equal(route("foobar", 10), 0xbf9cf968 % 10);
    t.equal(route("a", 7), 0xe40c292c % 7);
  });
  t.check("the same customer always lands in the same cell", () => {
    for (let i = 0; i < 100; i++) t.equal(route(`customer-${i}`, 12), route(`customer-${i}`, 12));
  });
  t.check("10,000 customers spread evenly over 10 cells (each 900 to 1,100)", () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) counts[route(`customer-${i}`, 10)]!++;
    for (const [cell, n] of counts.entries()) t.ok(n >= 900 && n <= 1100, `cell ${cell} holds ${n}`);
  });
  t.check("a moved customer goes where the map says; others are unaffected", () => {
    const home = route("acme", 8);
    const target = (home + 3) % 8;
    const moved = new Map([["acme", target]]);
    t.equal(route("acme", 8, moved), target);
    t.equal(route("globex", 8, moved), route("globex", 8));
  });
  t.check("invalid input throws a RangeError", () => {
    t.throws(() => route("acme", 0), RangeError, "0 cells");
    t.throws(() => route("acme", 2.5), RangeError, "2.5 cells");
    t.throws(() => route("", 4), RangeError, "an empty customer id");
    t.throws(() => route("acme", 4, new Map([["acme", 4]])), RangeError, "a move to cell 4 of 0..3");
    t.throws(() => route("acme", 4, new Map([["acme", -1]])), RangeError, "a move to cell -1");
  });
}
