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
 * can ever pass. Results go to a `CheckReporter` the runner hands to `runChecks` (this module
 * imports nothing from the runner); learner code never gets one.
 *
 * The comparisons read the learner's values without letting them run code that could change
 * the answer: `equal` is Object.is (no coercion), `deepEqual` reads own data properties once
 * (a getter is a difference, not a call) and walks Maps and Sets with the built-in iterators,
 * not with one the value carries. Anything thrown is described without trusting it.
 */

/** Where a suite's results go, and how values appear in messages (the runner's formatter). */
export interface CheckReporter {
  /**
   * A check's result. `thrown` is what a failing check threw when it was not a check's own
   * failure (the learner's function threw): the runner finds its line in the learner's files.
   */
  report(check: { name: string; passed: boolean; message?: string; thrown?: unknown }): void;
  describe(value: unknown): string;
}

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

/** Read something a learner's value does, which may throw: a throw becomes the fallback. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

// The built-in readers, taken once, so a value's own `size` or `[Symbol.iterator]` is never asked.
const mapSize = Object.getOwnPropertyDescriptor(Map.prototype, "size")!.get!;
const setSize = Object.getOwnPropertyDescriptor(Set.prototype, "size")!.get!;
const mapEntries = Map.prototype.entries;
const mapHas = Map.prototype.has;
const mapGet = Map.prototype.get;
const setValues = Set.prototype.values;
const setHas = Set.prototype.has;
const typedLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), "length")!.get!;
const call = <T>(fn: (...args: never[]) => T, self: unknown, ...args: unknown[]): T =>
  Reflect.apply(fn, self, args) as T;

/** An own property's value if it is a data property; a getter (or a lie) is never called. */
function ownData(object: object, key: string | number): { value: unknown } | null {
  const descriptor = Reflect.getOwnPropertyDescriptor(object, key);
  return descriptor && "value" in descriptor ? { value: descriptor.value } : null;
}

function deepEqual(a: unknown, b: unknown, seen = new Map<object, unknown>()): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Map && b instanceof Map) {
    if (call(mapSize, a) !== call(mapSize, b)) return false;
    for (const [k, v] of call(mapEntries, a) as Iterable<[unknown, unknown]>) {
      if (!call(mapHas, b, k) || !deepEqual(v, call(mapGet, b, k), seen)) return false;
    }
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (call(setSize, a) !== call(setSize, b)) return false;
    for (const v of call(setValues, a) as Iterable<unknown>) if (!call(setHas, b, v)) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) && !(a instanceof DataView)) {
    const length = call(typedLength, a) as number;
    if (length !== call(typedLength, b)) return false;
    for (let i = 0; i < length; i++) {
      if (!Object.is((a as unknown as ArrayLike<unknown>)[i], (b as unknown as ArrayLike<unknown>)[i])) return false;
    }
    return true;
  }
  const keysA = Reflect.ownKeys(a).filter((k) => typeof k === "string" && ownEnumerable(a, k)) as string[];
  const keysB = Reflect.ownKeys(b).filter((k) => typeof k === "string" && ownEnumerable(b, k)) as string[];
  if (Array.isArray(a) && ownData(a, "length")?.value !== ownData(b, "length")?.value) return false;
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => {
    const x = ownData(a, k);
    const y = ownData(b, k);
    return x !== null && y !== null && deepEqual(x.value, y.value, seen);
  });
}

function ownEnumerable(object: object, key: string): boolean {
  return Reflect.getOwnPropertyDescriptor(object, key)?.enumerable === true;
}

function failWith(message: string | undefined, detail: string): never {
  throw new CheckFailure(message ? `${message} (${detail})` : detail);
}

interface Registered {
  name: string;
  body?: () => void | Promise<void>;
  skipped: boolean;
}

function makeChecks(registered: Registered[], reporter: CheckReporter): Checks {
  const show = (value: unknown): string =>
    typeof value === "bigint" ? `${value}n` : safely(() => reporter.describe(value), "(a value that cannot be shown)");
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
        const text = safely(() => String(error instanceof Error ? error.message : error), "");
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

/** Run a suite: register its checks, then run each in order, reporting each result to `reporter`. */
export async function runChecks(suite: Suite, reporter: CheckReporter): Promise<{ total: number; passed: number }> {
  if (typeof suite !== "function") throw new TypeError("checks.ts must `export default function (t) { ... }`");
  const registered: Registered[] = [];
  await suite(makeChecks(registered, reporter));
  if (registered.length === 0) throw new Error("checks.ts registered no checks: a suite with no checks cannot pass");
  let passed = 0;
  for (const { name, body, skipped } of registered) {
    if (skipped || !body) {
      reporter.report({ name, passed: false, message: "skipped: a skipped check does not count as a pass" });
      continue;
    }
    try {
      await body();
      passed++;
      reporter.report({ name, passed: true });
    } catch (error) {
      const report = { name, passed: false, message: describeFailure(error, reporter) };
      // Asked without trusting the value, as describeFailure does: a proxy's prototype trap may throw.
      const checksOwn = safely(() => error instanceof CheckFailure, true);
      reporter.report(checksOwn ? report : { ...report, thrown: error });
    }
  }
  return { total: registered.length, passed };
}

/** Why a check failed, read from what was thrown without trusting it (a getter or a proxy may throw or lie). */
function describeFailure(error: unknown, reporter: CheckReporter): string {
  return safely(() => {
    if (error instanceof CheckFailure) return String(ownData(error, "message")?.value);
    if (error instanceof Error) return reporter.describe(error);
    return `threw ${reporter.describe(error)}`;
  }, "threw a value that cannot be shown");
}
