/**
 * The output region: printed lines (their text is exactly what `npm run play` prints),
 * charts, and a note for how the run ended. The status line shows running / elapsed time and,
 * from the second run on, what changed since the last run the reader started, whatever became
 * of it (the new or changed lines are marked; "same output" only when the lines, the outcome and
 * the error all are). A type check still out after the run's end shows "Checking types…" with its
 * seconds until it answers. Screen readers hear one line when a run starts and one when it ends
 * (how it ended, the error, how much was printed: each said once, endSaid), not each printed line
 * or each tick of a clock.
 */
import {
  errorText,
  eventText,
  truncationNote,
  type RunError,
  type RunEvent,
  type RunResult,
  type TypeDiagnostic,
} from "../../playground/protocol.ts";
import { RunComparison, type RunEnding } from "./changed-lines.ts";
import { countTypeCheck } from "./type-check-clock.ts";
import { countOf, elapsedSeconds, grouped } from "../../format/number.ts";

/** What heads a run's type errors: the run did happen, and TypeScript would not have compiled it. */
export const typeErrorsHeading = "Type errors (the program ran anyway; TypeScript would refuse it):";

/** How many type errors a screen reader hears read out; the rest are counted, and listed on the page. */
export const typeErrorsSaidInFull = 3;

/**
 * What a screen reader hears of a run's type errors (each already described): the count, the first
 * few, and how many more are listed. A program with 200 errors was read out whole, 14,000 characters.
 */
export function typeErrorsSaid(described: readonly string[]): string {
  const said = described.slice(0, typeErrorsSaidInFull).join("; ");
  const rest = described.length - typeErrorsSaidInFull;
  const more = rest > 0 ? `; ${grouped(rest)} more listed after the output` : "";
  return `${countOf(described.length, "type error")}: ${said}${more}. The program ran anyway.`;
}

/** The files a playground's run has on the page: its one editor's, main.ts (mount.ts). */
const playgroundFiles = ["main.ts"];

/**
 * A run's error (or a type error) as the page shows and says it: its message, then where, "(line
 * 3, column 7)", in the words the terminal uses (protocol.ts, locationText): the playground's run
 * has one file, so its file is named only when the error is somewhere else.
 */
export function describeRunError(error: RunError): string {
  return errorText(error, playgroundFiles);
}

/** How long a run took, as the status says it: "12 ms", "1.25 s". */
function tookText(millis: number): string {
  return millis < 1000 ? `${millis} ms` : elapsedSeconds(millis, 2);
}

/** How a run ended, as its status line says it: "Finished in 12 ms", "Did not run: syntax error". */
export function endedText(result: Pick<RunResult, "status" | "millis">): string {
  const took = tookText(result.millis);
  switch (result.status) {
    case "ok":
      return `Finished in ${took}`;
    case "timeout":
      return "Stopped at the time limit";
    case "syntax-error":
      return "Did not run: syntax error";
    case "error":
      return `Failed after ${took}`;
  }
}

/** A sentence from a clause: its first letter raised, a full stop after it unless it has one. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.?!]$/.test(text) ? "" : "."}`;

/**
 * What a screen reader hears when a run ends, each thing once: how it ended, the output cap if
 * it was reached, the runner's error (`error`, already described), how many lines were printed,
 * and what changed since the last run. Where the runner's own message already says how the run
 * ended ("syntax error: …", "stopped after 5 s: …"), the status's words for it are not said
 * again; a program that did not run printed nothing, and that is not counted either.
 */
export function endSaid(
  result: Pick<RunResult, "status" | "millis" | "truncated">,
  error: string | undefined,
  lines: number,
  changed: string,
): string {
  const said: string[] = [];
  if (result.status === "syntax-error") said.push("Did not run.");
  else if (result.status !== "timeout" || error === undefined) said.push(`${endedText(result)}.`);
  if (result.truncated) said.push(sentence(truncationNote()));
  if (error !== undefined) said.push(sentence(error));
  if (result.status !== "syntax-error") said.push(`${countOf(lines, "line")} printed.`);
  if (changed) said.push(`${changed}.`);
  return said.join(" ");
}

export class OutputView {
  private readonly text: HTMLElement;
  private readonly plots: HTMLElement;
  private readonly status: HTMLElement;
  private readonly region: HTMLElement;
  private readonly announcer: HTMLElement;
  /** Each run's lines, set against the last run's. */
  private readonly runs = new RunComparison();
  /** The lines the current run has printed. */
  private lines: string[] = [];
  private note: HTMLElement | null = null;
  /** The run's type errors, said after its output (edited code only). */
  private typeNote: HTMLElement | null = null;
  private clock: ReturnType<typeof setInterval> | undefined;
  /** Stops counting the seconds of a type check still out; called whenever its note is replaced or removed. */
  private stopTypeClock: (() => void) | undefined;

  constructor(root: HTMLElement) {
    this.text = root.querySelector("[data-output]")!;
    this.plots = root.querySelector("[data-plots]")!;
    this.status = root.querySelector("[data-status]")!;
    this.region = root.querySelector("[data-output-region]")!;
    this.announcer = root.querySelector("[data-announce]")!;
  }

  start(): void {
    this.text.textContent = "";
    this.plots.textContent = "";
    this.note?.remove();
    this.note = null;
    this.removeTypeNote();
    this.lines = this.runs.start();
    this.region.setAttribute("aria-busy", "true");
    this.announcer.textContent = "Running";
    const started = performance.now();
    this.setStatus("Running…", "running");
    clearInterval(this.clock);
    this.clock = setInterval(
      () => this.setStatus(`Running… ${elapsedSeconds(performance.now() - started, 1)}`, "running"),
      250,
    );
  }

  append(event: RunEvent): void {
    const line = document.createElement("span");
    line.className = `playground__line playground__line--${event.kind}`;
    const text = eventText(event);
    line.textContent = `${text}\n`;
    this.text.append(line);
    this.lines.push(...text.split("\n"));
    if (event.kind === "plot") {
      import("./plot-view.ts")
        .then(({ drawPlot }) => drawPlot(this.plots, event.spec, event.text))
        .catch((error: unknown) => {
          const failed = document.createElement("p");
          failed.textContent = `The chart could not be drawn (${error instanceof Error ? error.message : String(error)}); its data is printed above.`;
          this.plots.append(failed);
        });
    }
  }

  finish(result: RunResult, describeError: (error: NonNullable<RunResult["error"]>) => string): void {
    clearInterval(this.clock);
    this.region.removeAttribute("aria-busy");
    const error = result.error && describeError(result.error);
    const notes: string[] = [];
    if (result.truncated) notes.push(truncationNote());
    if (error !== undefined) notes.push(error);
    if (notes.length) {
      this.note = document.createElement("p");
      this.note.className = `playground__note playground__note--${result.status}`;
      this.note.dataset.note = result.status;
      this.note.textContent = notes.join("\n");
      this.region.append(this.note);
    }
    const ended = endedText(result);
    // Compared on all the panel shows: the lines, the outcome and its error. A program that did not
    // run has nothing to compare; the next run is still compared with it.
    const changed = this.markChanges({
      status: result.status,
      error,
      truncated: result.truncated,
    });
    this.setStatus(changed ? `${ended} · ${changed}` : ended, result.status);
    this.announcer.textContent = endSaid(result, error, this.lines.length, changed);
  }

  /**
   * The run's type errors, after its output and how it ended, each where it is; said to screen
   * readers as the run's end is. None, nothing is shown.
   */
  typeErrors(errors: readonly TypeDiagnostic[], describeError: (error: TypeDiagnostic) => string): void {
    if (errors.length === 0) {
      this.removeTypeNote(); // "Checking types…", if it was shown
      return;
    }
    const described = errors.map(describeError);
    this.typeNote = this.replaceTypeNote([typeErrorsHeading, ...described]);
    this.announcer.textContent = typeErrorsSaid(described);
  }

  /** The type-checker could not load or failed: said once, after the output, which is complete. */
  typeCheckFailed(reason: string): void {
    const said = `Type errors could not be checked (${reason}); the output above is the whole run.`;
    this.typeNote = this.replaceTypeNote([said]);
    this.announcer.textContent = said;
  }

  /**
   * A type check (started at `since`, performance.now()) is still out a moment after the run's end:
   * shown, not said (the run's end was), with its seconds counting until it answers.
   */
  typeCheckPending(since: number): void {
    const note = this.replaceTypeNote([], "typeCheckPending");
    this.typeNote = note;
    this.stopTypeClock = countTypeCheck(note, since);
  }

  private removeTypeNote(): void {
    this.stopTypeClock?.();
    this.stopTypeClock = undefined;
    this.typeNote?.remove();
    this.typeNote = null;
  }

  private replaceTypeNote(lines: string[], kind: "typeErrors" | "typeCheckPending" = "typeErrors"): HTMLElement {
    this.removeTypeNote();
    const note = document.createElement("p");
    note.className = `playground__note playground__note--${kind === "typeErrors" ? "type-error" : "pending"}`;
    note.dataset[kind] = "";
    note.textContent = lines.join("\n");
    this.region.append(note);
    return note;
  }

  /** Compare this run with the last one: mark its new or changed lines, and say what changed. */
  private markChanges(ending: RunEnding): string {
    const { changed, summary } = this.runs.finish(ending);
    if (changed.size > 0) {
      // Each printed event is one element that may hold several lines: mark it when any of its lines changed.
      let index = 0;
      for (const element of this.text.children) {
        const count = (element.textContent ?? "").split("\n").length - 1;
        for (let k = index; k < index + count; k++) {
          if (changed.has(k)) {
            element.classList.add("playground__line--changed");
            break;
          }
        }
        index += count;
      }
    }
    return summary;
  }

  stopped(message: string): void {
    clearInterval(this.clock);
    this.region.removeAttribute("aria-busy");
    this.setStatus(message, "stopped");
    this.announcer.textContent = message;
  }

  /** Takes back a status that is no longer true (a reset's, once the code is edited again). */
  withdraw(message: string): void {
    if (this.status.textContent === message) this.setStatus("", "idle");
  }

  clear(): void {
    clearInterval(this.clock);
    this.text.textContent = "";
    this.plots.textContent = "";
    this.note?.remove();
    this.note = null;
    this.removeTypeNote();
    this.region.removeAttribute("aria-busy");
    this.setStatus("", "idle");
  }

  private setStatus(text: string, state: string): void {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }
}
