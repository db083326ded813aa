/**
 * The type checker's globals against the run's: each program runs in Node's runner (the same
 * confined realm as the page's worker, confine.ts) and is type-checked. They must agree: a
 * program that runs has no type error, and one the run refuses has one, with the run's own
 * reason where the run gives one.
 */
import { describe, expect, test } from "vitest";
import { refusals, refusedFunctions } from "./confine.ts";
import { runInNode } from "./node-host.ts";
import { eventText, type RunEvent } from "./protocol.ts";
import { typeCheckInNode } from "./typecheck-node.ts";

async function runAndCheck(code: string) {
  const files = { "main.ts": code };
  const events: RunEvent[] = [];
  const result = await runInNode({ files, entry: "main.ts", timeoutMs: 10_000 }, (event) => events.push(event));
  const printed = events.map((event) => `${eventText(event)}\n`).join("");
  return { result, printed, typeErrors: typeCheckInNode({ files }).map((d) => d.message) };
}

interface Case {
  /** The global the program touches. */
  global: string;
  code: string;
  /** What a program that runs prints; absent for one the run refuses. */
  prints?: string;
  /** For a refused program: the reason both the run's error and the type error give. */
  reason?: string;
}

const cases: Case[] = [
  { global: "fetch", code: "console.log(typeof fetch);\n", prints: "function\n" },
  {
    global: "fetch",
    code: 'const response = await fetch("https://example.com/");\nconsole.log(response);\n',
    reason: refusals.fetch,
  },
  {
    global: "setTimeout",
    code: 'await new Promise((resolve) => setTimeout(resolve, 1));\nconsole.log("waited");\n',
    prints: "waited\n",
  },
  { global: "queueMicrotask", code: 'queueMicrotask(() => console.log("microtask"));\n', prints: "microtask\n" },
  {
    global: "structuredClone",
    code: "const copy = structuredClone({ shards: [1, 2, 3] });\nconsole.log(copy.shards.length);\n",
    prints: "3\n",
  },
  {
    global: "performance",
    code: "const start: number = performance.now();\nconsole.log(typeof start, typeof performance.timeOrigin);\n",
    prints: "number number\n",
  },
  // The run's performance is the clock and nothing else.
  { global: "performance", code: 'performance.mark("start");\n' },
  { global: "crypto", code: "console.log(typeof crypto);\n", reason: refusals.crypto },
  {
    global: "crypto",
    code: "const bytes = crypto.getRandomValues(new Uint8Array(4));\nconsole.log(bytes.length);\n",
    reason: refusals.crypto,
  },
  {
    global: "URL",
    code: 'const url = new URL("/shard?id=3", "https://example.com");\nconsole.log(url.searchParams.get("id"), url.pathname);\n',
    prints: "3 /shard\n",
  },
  { global: "TextEncoder", code: 'console.log(new TextEncoder().encode("héllo").length);\n', prints: "6\n" },
  { global: "AbortController", code: "console.log(typeof AbortController);\n" },
  { global: "AbortController", code: "const controller = new AbortController();\ncontroller.abort();\n" },
  { global: "process", code: "console.log(typeof process);\n", prints: "object\n" },
  { global: "process", code: "console.log(process.env.HOME);\n", reason: refusals.process },
];

/** A case's code in a block of its own, then a wait for what it scheduled, so the cases' output keeps their order. */
const block = (code: string) => `{\n${code}}\nawait new Promise((resolve) => setTimeout(resolve, 1));\n`;

describe("the type checker's globals are the run's", { timeout: 60_000 }, () => {
  // Two runs for all the cases (each run starts a process, about 0.4 s; a type check is in-process
  // and cheap): the programs that run, one after another, and those the run refuses, each caught.
  const runs = cases.filter((c) => c.prints !== undefined);
  const refused = cases.filter((c) => c.prints === undefined);
  test.each(cases)("$global: $code type-checks exactly when it runs", ({ code, prints, reason }) => {
    const typeErrors = typeCheckInNode({ files: { "main.ts": code } }).map((d) => d.message);
    if (prints !== undefined) expect(typeErrors).toEqual([]);
    else {
      expect(typeErrors.length).toBeGreaterThan(0);
      if (reason !== undefined) expect(typeErrors[0]).toContain(reason);
    }
  });

  test("each program the type checker accepts runs and prints what it should", async () => {
    const { result, printed } = await runAndCheck(runs.map((c) => block(c.code)).join(""));
    expect(result.status).toBe("ok");
    expect(printed).toBe(runs.map((c) => c.prints).join(""));
  });

  test("each program the type checker refuses is refused by the run, with the same reason where it gives one", async () => {
    const caught = refused.map(
      (c, i) => `try {\n${c.code}} catch (error) {\n  console.log("${i}: " + (error as Error).message);\n}\n`,
    );
    const { result, printed } = await runAndCheck(caught.join(""));
    expect(result.status).toBe("ok");
    const lines = printed.trimEnd().split("\n");
    // Each refused program threw before it printed anything, so each prints its refusal alone.
    expect(lines.map((line) => line.split(":")[0])).toEqual(refused.map((_, i) => String(i)));
    refused.forEach((c, i) => {
      if (c.reason !== undefined) expect(lines[i], c.code).toContain(c.reason);
    });
  });

  test("every refused host function: typeof evaluates, and a call refuses, in the run and in the type check", async () => {
    const names = [...refusedFunctions];
    const named = await runAndCheck(`console.log(${names.map((name) => `typeof ${name}`).join(", ")});\n`);
    expect(named.result.status).toBe("ok");
    expect(named.printed).toBe(`${names.map(() => "function").join(" ")}\n`);
    expect(named.typeErrors).toEqual([]);
    // One run for all: each call is caught and its refusal printed (fetch's is a rejected promise).
    const calls = names.map(
      (name) => `try {\n  await ${name}();\n} catch (error) {\n  console.log((error as Error).message);\n}\n`,
    );
    const called = await runAndCheck(calls.join(""));
    expect(called.result.status).toBe("ok");
    expect(called.printed).toBe(names.map((name) => `${name}: ${refusals[name]}\n`).join(""));
    expect(called.typeErrors).toEqual(names.map((name) => `'${name}' cannot be used: ${refusals[name]}.`));
  });

  test("every global of the run's realm: typeof it runs exactly when it type-checks", async () => {
    // globalThis inherits Object.prototype's names (`toString`...), which TypeScript declares on objects, not as globals.
    const inherited = new Set(Object.getOwnPropertyNames(Object.prototype));
    const listing = [
      "const names = new Set<string>();",
      "for (let o: object | null = globalThis; o; o = Object.getPrototypeOf(o))",
      "  for (const name of Object.getOwnPropertyNames(o)) names.add(name);",
      "const rows: string[] = [];",
      "for (const name of [...names].sort()) {",
      "  try {",
      "    rows.push(name + ' ' + typeof (globalThis as Record<string, unknown>)[name]);",
      "  } catch {",
      "    rows.push(name + ' refused');",
      "  }",
      "}",
      'console.log(rows.join("\\n"));',
      "",
    ].join("\n");
    const { result, printed, typeErrors } = await runAndCheck(listing);
    expect(result.status).toBe("ok");
    expect(typeErrors).toEqual([]);
    const rows = printed
      .trim()
      .split("\n")
      .map((row) => row.split(" ") as [string, string])
      // ECMAScript after 2022 that an engine may have (Node 22+ and Chromium have Iterator); the checker's lib is ES2022.
      .filter(([name]) => !inherited.has(name) && name !== "Iterator");
    expect(rows.length).toBeGreaterThan(100);
    const disagreeing = rows.filter(([name, type]) => {
      // A name whose value is undefined is absent (the worker's `on...` handlers), the global `undefined` aside.
      const present = type !== "refused" && (type !== "undefined" || name === "undefined");
      return present !== (typeCheckInNode({ files: { "main.ts": `console.log(typeof ${name});\n` } }).length === 0);
    });
    expect(disagreeing).toEqual([]);
  });
});
