/** The confined realm as a program meets it (in Node's runner; the page's is tests/browser/attacks.test.ts). */
import { describe, expect, test } from "vitest";
import { runInNode } from "./node-host.ts";
import { eventText, type RunEvent } from "./protocol.ts";

async function run(code: string) {
  const events: RunEvent[] = [];
  const result = await runInNode({ files: { "main.ts": code }, entry: "main.ts", timeoutMs: 10_000 }, (event) =>
    events.push(event),
  );
  return { result, text: events.map((e) => `${eventText(e)}\n`).join("") };
}

describe("refused host functions", { timeout: 30_000 }, () => {
  test("typeof a refused host function evaluates, as typeof of a global never throws", async () => {
    const { result, text } = await run(
      [
        "console.log(typeof fetch, typeof XMLHttpRequest, typeof WebSocket, typeof postMessage, typeof close);",
        'if (typeof fetch === "function") console.log("fetch is", fetch);',
        "",
      ].join("\n"),
    );
    expect(result).toMatchObject({ status: "ok" });
    expect(text).toBe("function function function function function\nfetch is [Function: fetch]\n");
  });

  test("calling one still refuses with its message: fetch rejects, as a failed request does; the rest throw", async () => {
    const { result, text } = await run(
      [
        'const pending = fetch("http://127.0.0.1:1/");',
        "console.log(pending instanceof Promise);",
        "await pending.catch((error: Error) => console.log(error.message));",
        "for (const attempt of [() => new XMLHttpRequest(), () => postMessage('x'), () => close(), () => new Worker('w.js')]) {",
        "  try {",
        "    attempt();",
        "  } catch (error) {",
        "    console.log((error as Error).message);",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
    expect(result).toMatchObject({ status: "ok" });
    expect(text.split("\n")).toEqual([
      "true",
      "fetch: the playground has no network: programs run sandboxed and can only compute, print and plot",
      "XMLHttpRequest: the playground has no network: programs run sandboxed and can only compute, print and plot",
      "postMessage: the playground reports through console.log and plot; it cannot post messages",
      "close: a program ends when its code finishes; it cannot close the runner",
      "Worker: the playground cannot start workers",
      "",
    ]);
  });

  test("a stand-in cannot be replaced or changed, and an awaited fetch ends the run with its message", async () => {
    const changed = await run(
      "try { (fetch as any).hidden = 1; } catch (e) { console.log((e as Error).name); }\n(globalThis as any).fetch = () => 1;\n",
    );
    expect(changed.text).toBe("TypeError\n");
    expect(changed.result.status).toBe("error");
    expect(changed.result.error?.message).toMatch(/Cannot assign to read only property 'fetch'/);
    const awaited = await run('await fetch("/");\nconsole.log("after");\n');
    expect(awaited.text).toBe("");
    expect(awaited.result).toMatchObject({
      status: "error",
      error: {
        message:
          "Error: fetch: the playground has no network: programs run sandboxed and can only compute, print and plot",
        line: 1,
      },
    });
  });
});
