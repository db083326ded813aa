/**
 * The runner's contract (docs/ARCHITECTURE.md, "The runner"): what a host asks for, what a
 * run reports while it runs, and how it ended. Shared by the page, the Node runner and the
 * worker runtime, so every host speaks the same messages.
 */

export interface RunRequest {
  /** "main.ts" -> TypeScript source; relative imports ("./starter.ts") resolve here. */
  files: Record<string, string>;
  /** The file to run. */
  entry: string;
  timeoutMs: number;
}

/** A line or bar chart drawn under the output; `plot(...)` from "course" makes one. */
export interface PlotSpec {
  kind: "line" | "bar";
  title?: string;
  xLabel?: string;
  yLabel?: string;
  /** The x values (for bars, one per bar). */
  x: number[];
  /** Named y series, each as long as `x`; NaN leaves a gap. */
  series: { label: string; values: number[] }[];
}

export type RunEvent =
  | { kind: "log" | "info" | "warn" | "error"; text: string }
  | { kind: "table"; text: string }
  | { kind: "plot"; spec: PlotSpec; text: string }
  | { kind: "check"; name: string; passed: boolean; message?: string };

export interface RunError {
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface RunResult {
  status: "ok" | "error" | "timeout" | "syntax-error";
  millis: number;
  error?: RunError;
  /** The output cap was reached and later output was dropped. */
  truncated: boolean;
}

/** Output caps: a program printing in a tight loop cannot flood the page or the terminal. */
export const outputLimits = { lines: 1000, bytes: 200_000 } as const;

/**
 * A run's output counted against outputLimits: each call adds one event's text and says
 * whether everything so far still fits (once past a cap, it never fits again). The worker
 * counts, and the host counts again in case a program fakes the worker's messages.
 */
export function outputBudget(): (text: string) => boolean {
  let lines = 0;
  let bytes = 0;
  return (text) => {
    lines += text.split("\n").length;
    bytes += text.length + 1;
    return lines <= outputLimits.lines && bytes <= outputLimits.bytes;
  };
}

export const defaultTimeoutMs = 5000;

/** What the reader sees when a run is stopped at its time limit. */
export function timeoutMessage(timeoutMs: number): string {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  return `stopped after ${limit}: the program did not finish (an endless loop?)`;
}

export function truncationNote(): string {
  return `output truncated: only the first ${outputLimits.lines.toLocaleString("en-US")} lines or ${outputLimits.bytes / 1000} KB are shown`;
}

/** A check's line: "✓ name", or "✗ name: why" when it failed with a message. */
export function checkText(check: { name: string; passed: boolean; message?: string }): string {
  return `${check.passed ? "✓" : "✗"} ${check.name}${check.message ? `: ${check.message}` : ""}`;
}

/** One line of text for an event, as the output region and the terminal print it. */
export function eventText(event: RunEvent): string {
  return event.kind === "check" ? checkText(event) : event.text;
}

/** Host -> worker: run these already-transpiled (CommonJS) files. */
export interface CompiledRun {
  type: "run";
  /** path -> JavaScript from `transpile` (line numbers preserved). */
  modules: Record<string, string>;
  entry: string;
}

/** Worker -> host. */
export type WorkerMessage =
  | { type: "ready" }
  | { type: "started" }
  | { type: "event"; event: RunEvent }
  | { type: "truncated" }
  | { type: "done"; status: "ok" | "error"; error?: RunError; truncated: boolean };
