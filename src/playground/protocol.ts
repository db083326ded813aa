/**
 * The runner's contract (docs/ARCHITECTURE.md, "The runner"): what a host asks for, what a
 * run reports while it runs, and how it ended. Shared by the page, the Node runner and the
 * worker runtime, so every host speaks the same messages.
 */

import { grouped } from "../format/number.ts";
import type { PlotSpec } from "../prelude/plot.ts";

export type { PlotSpec };

export interface RunRequest {
  /** "main.ts" -> TypeScript source; relative imports ("./starter.ts") resolve here. */
  files: Record<string, string>;
  /** The file to run. */
  entry: string;
  timeoutMs: number;
  /**
   * A check run: these files are the learner's. They may import each other and nothing else
   * (no library module, not the checks); `closed` says why, in the refusal. The other files
   * (the checks and the entry) are the course's and may use the runner's check reporter.
   * Without it every file is the learner's and none can report checks.
   */
  learner?: { files: string[]; closed: string };
}

export type RunEvent =
  | { kind: "log" | "info" | "warn" | "error"; text: string }
  | { kind: "table"; text: string }
  | { kind: "plot"; spec: PlotSpec; text: string }
  | { kind: "check"; name: string; passed: boolean; message?: string; file?: string; line?: number };

/**
 * The name, in compiled code, of what records where a `throw` statement threw (transpile.ts
 * writes the calls, runtime.ts hands each file its own, as it hands it `require`).
 */
export const throwSiteName = "__throwSite";

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
 * A run's output counted against outputLimits: each call takes one event's text and returns
 * what of it fits: all of it, its first part (the event that crosses a cap is cut there, so
 * one huge line still shows its beginning), or null once the caps are reached. The worker
 * counts, and the host counts again.
 */
export function outputBudget(): (text: string) => string | null {
  let lines = 0;
  let bytes = 0;
  let full = false;
  return (text) => {
    if (full) return null;
    const lineCount = text.split("\n").length;
    if (lines + lineCount <= outputLimits.lines && bytes + text.length + 1 <= outputLimits.bytes) {
      lines += lineCount;
      bytes += text.length + 1;
      return text;
    }
    full = true;
    const roomLines = outputLimits.lines - lines;
    const roomBytes = outputLimits.bytes - bytes - 1;
    if (roomLines <= 0 || roomBytes <= 0) return null;
    let cut = text.slice(0, roomBytes);
    const kept = cut.split("\n").slice(0, roomLines);
    cut = kept.join("\n");
    lines = outputLimits.lines;
    bytes = outputLimits.bytes;
    return cut.length > 0 ? cut : null;
  };
}

export const defaultTimeoutMs = 5000;

/** What the reader sees when a run waits for a promise that nothing is left to settle. */
export const stalledMessage =
  'the program is waiting for a promise that never settles: no timer is pending, so nothing can settle it (like Node\'s "unsettled top-level await")';

/** What the reader sees when a run is stopped at its time limit. */
export function timeoutMessage(timeoutMs: number): string {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  return `stopped after ${limit}: the program did not finish (an endless loop?)`;
}

export function truncationNote(): string {
  return `output truncated: only the first ${grouped(outputLimits.lines)} lines or ${outputLimits.bytes / 1000} KB are shown`;
}

/**
 * A check's line: "✓ name", or "✗ name: why" when it failed with a message, and where in the
 * learner's file the error it failed on was thrown: "✗ name: TypeError: … (starter.ts:6)".
 */
export function checkText(check: {
  name: string;
  passed: boolean;
  message?: string;
  file?: string;
  line?: number;
}): string {
  const where = check.file !== undefined && check.line !== undefined ? ` (${check.file}:${check.line})` : "";
  return `${check.passed ? "✓" : "✗"} ${check.name}${check.message ? `: ${check.message}` : ""}${where}`;
}

/**
 * Control characters but tab and newline: C0, DEL and C1 (escape sequences, carriage returns,
 * backspaces); and the bidirectional controls (embeddings and overrides U+202A–U+202E, isolates
 * U+2066–U+2069, the marks U+200E, U+200F and U+061C), which reorder the rest of a line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's whole job.
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text shown as it is, in a terminal as on the page: each control character written out
 * (`\x1b`; a bidirectional control as `\u202e`), so printed text cannot recolour the terminal,
 * move its cursor, rub out a line or reverse the rest of it, and the page shows the same
 * characters the terminal does.
 */
export function visibleText(text: string): string {
  return text.replace(controlCharacters, (c) => {
    const code = c.charCodeAt(0);
    return code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
  });
}

/** One line of text for an event, as the output region and the terminal print it (control characters written out). */
export function eventText(event: RunEvent): string {
  return visibleText(event.kind === "check" ? checkText(event) : event.text);
}

/** A type error in one of a run's files (typecheck.ts): 1-based line and column, and TypeScript's message. */
export interface TypeDiagnostic {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** Why a type check failed when the type-checker's code could not be fetched (offline before its first use). */
export const typeCheckerNotLoaded = "the type-checker could not load";

/**
 * How long after a run's end (a code exercise's verdict) a type check still out is shown to be
 * under way ("Checking types…"): a warm check answers within about a tenth of a second and shows no
 * such line; a cold one (the type-checker loading, about 3 s on a slow machine) shows it, so its
 * errors do not appear from nowhere seconds after the output.
 */
export const typeCheckNoteDelayMs = 250;

/** The line shown while a type check is under way. */
export const typeCheckPendingText = "Checking types…";

/**
 * Where in a run's files an error is, as the page and the terminal both write it: "line 3, column
 * 7" (the column when known), after its file, "helper.ts, line 2", unless the file is the run's one
 * and only file (`runFiles`, the names of the files the run had; none when not known). A line
 * needs its file only where there is more than one to look in: the page's playground runs one
 * file, under a name ("main.ts") the reader never sees, and `npm run play` on a file that imports
 * nothing runs the file its reader just named; a program with imports, or an exercise's files,
 * name it. A file not known is left out (never a "?"), and with no line there is no place: "".
 */
export function locationText(
  place: { file?: string; line?: number; column?: number },
  runFiles: readonly string[],
): string {
  if (place.line === undefined) return "";
  const onlyFile = runFiles.length === 1 && runFiles[0] === place.file;
  const file = place.file !== undefined && !onlyFile ? `${place.file}, ` : "";
  return `${file}line ${place.line}${place.column === undefined ? "" : `, column ${place.column}`}`;
}

/** An error's message and where it is (locationText): "message (helper.ts, line 2)", or the message alone when no line is known. */
export function errorText(
  error: { message: string; file?: string; line?: number; column?: number },
  runFiles: readonly string[],
): string {
  const where = locationText(error, runFiles);
  return where ? `${error.message} (${where})` : error.message;
}

/** A type error as one line, as the terminal and the page write it: "message (file, line 3, column 7)" (errorText). */
export function typeDiagnosticText(diagnostic: TypeDiagnostic, runFiles: readonly string[] = []): string {
  return errorText(diagnostic, runFiles);
}

/** A named import of one file from another: `import { a, b } from "./x.ts"` on `line`. */
export interface NamedImport {
  specifier: string;
  names: string[];
  line: number;
}

/** Host -> worker: run these already-transpiled (CommonJS) files. */
export interface CompiledRun {
  type: "run";
  /** path -> JavaScript from `transpile` (line numbers preserved). */
  modules: Record<string, string>;
  entry: string;
  /** path -> its named imports, so a missing export is named before anything runs. */
  imports: Record<string, NamedImport[]>;
  learner?: RunRequest["learner"];
  /** A secret of this run: the host takes only messages that carry it. */
  key: string;
}

/** Worker -> host. Every message after "ready" carries the run's key. */
export type WorkerMessage = (
  | { type: "started" }
  | { type: "event"; event: RunEvent }
  | { type: "truncated" }
  | { type: "done"; status: "ok" | "error"; error?: RunError; truncated: boolean }
) & { key: string };

/** Worker -> host, once, before a run: the worker can take a run. */
export interface ReadyMessage {
  type: "ready";
}
