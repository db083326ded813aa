/**
 * "course/checks": the check API of code exercises. An exercise's checks.ts default-exports a
 * suite; the runner's entry calls `runChecks(suite)`, which runs every check in order and
 * reports each as a `check` event (docs/ARCHITECTURE.md, "The runner").
 *
 *   import type { Checks } from "course/checks";
 *   import { choose } from "./starter.ts";
 *   export default function (t: Checks) {
 *     t.check("C(8, 2) is 28", () => t.equal(choose(8, 2), 28n));
 *   }
 *
 * A skipped check is reported as failed, and a suite that registers no checks throws: neither
 * can ever pass.
 */
import { emit } from "../playground/emit.ts";
import { inspect } from "../playground/format.ts";

export class CheckFailure extends Error {
  override name = "CheckFailure";
}

/** An error class a check can ask for, such as RangeError. */
export type ErrorClass = abstract new (...args: never[]) => Error;

export interface Checks {
  /** Register a check; `body` throws (or rejects) to fail. */
  check(name: string, body: () => void | Promise<void>): void;
  /** Register a check that is not run. It is reported as failed: skipping never passes. */
  skip(name: string, body?: () => void | Promise<void>): void;
  /** Object.is equality (so 28n equals 28n, NaN equals NaN, and 28n does not equal 28). */
  equal<T>(actual: T, expected: T, message?: string): void;
  /** Structural equality of arrays, plain objects, Maps, Sets and primitives. */
  deepEqual<T>(actual: T, expected: T, message?: string): void;
  ok(value: unknown, message?: string): void;
  /**
   * `body` must throw; `expected` tests the error: its class (`RangeError`), or its message
   * (a string it contains, or a RegExp).
   */
  throws(body: () => unknown, expected?: string | RegExp | ErrorClass, message?: string): void;
  /** |actual - expected| <= tolerance (absolute, default 1e-9). */
  near(actual: number, expected: number, tolerance?: number, message?: string): void;
  /** Fail with a message. */
  fail(message: string): never;
}

export type Suite = (t: Checks) => void | Promise<void>;

function show(value: unknown): string {
  return typeof value === "bigint" ? `${value}n` : inspect(value);
}

function deepEqual(a: unknown, b: unknown, seen = new Map<object, unknown>()): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), seen)) return false;
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) if (!b.has(v)) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) || Array.isArray(a)) {
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!deepEqual(x[i], y[i], seen)) return false;
    return true;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], seen),
  );
}

function failWith(message: string | undefined, detail: string): never {
  throw new CheckFailure(message ? `${message} (${detail})` : detail);
}

interface Registered {
  name: string;
  body?: () => void | Promise<void>;
  skipped: boolean;
}

function makeChecks(registered: Registered[]): Checks {
  const t: Checks = {
    check(name, body) {
      if (typeof body !== "function") throw new TypeError(`check "${name}" needs a function`);
      registered.push({ name: String(name), body, skipped: false });
    },
    skip(name, body) {
      registered.push({ name: String(name), body, skipped: true });
    },
    equal(actual, expected, message) {
      if (!Object.is(actual, expected)) failWith(message, `expected ${show(expected)}, got ${show(actual)}`);
    },
    deepEqual(actual, expected, message) {
      if (!deepEqual(actual, expected)) failWith(message, `expected ${show(expected)}, got ${show(actual)}`);
    },
    ok(value, message) {
      if (!value) failWith(message, `expected a true value, got ${show(value)}`);
    },
    throws(body, expected, message) {
      let threw = false;
      let error: unknown;
      try {
        body();
      } catch (e) {
        threw = true;
        error = e;
      }
      if (!threw) failWith(message, "expected an error to be thrown, and none was");
      if (typeof expected === "function") {
        if (!(error instanceof expected)) failWith(message, `expected a ${expected.name}, got ${show(error)}`);
      } else if (expected !== undefined) {
        const text = error instanceof Error ? error.message : String(error);
        const matches = typeof expected === "string" ? text.includes(expected) : expected.test(text);
        if (!matches) failWith(message, `expected an error matching ${show(expected)}, got ${show(text)}`);
      }
    },
    near(actual, expected, tolerance = 1e-9, message) {
      if (typeof actual !== "number" || !(Math.abs(actual - expected) <= tolerance)) {
        failWith(message, `expected ${show(expected)} ± ${tolerance}, got ${show(actual)}`);
      }
    },
    fail(message) {
      throw new CheckFailure(message);
    },
  };
  return t;
}

/** Run a suite: register its checks, then run each in order, emitting one `check` event per check. */
export async function runChecks(suite: Suite): Promise<{ total: number; passed: number }> {
  if (typeof suite !== "function") throw new TypeError("checks.ts must `export default function (t) { ... }`");
  const registered: Registered[] = [];
  await suite(makeChecks(registered));
  if (registered.length === 0) throw new Error("checks.ts registered no checks: a suite with no checks cannot pass");
  let passed = 0;
  for (const { name, body, skipped } of registered) {
    if (skipped || !body) {
      emit({ kind: "check", name, passed: false, message: "skipped: a skipped check does not count as a pass" });
      continue;
    }
    try {
      await body();
      passed++;
      emit({ kind: "check", name, passed: true });
    } catch (error) {
      const message =
        error instanceof CheckFailure
          ? error.message
          : error instanceof Error
            ? `${error.name}: ${error.message}`
            : `threw ${show(error)}`;
      emit({ kind: "check", name, passed: false, message });
    }
  }
  return { total: registered.length, passed };
}
