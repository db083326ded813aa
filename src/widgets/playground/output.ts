/**
 * The output region: printed lines (their text is exactly what `npm run play` prints),
 * charts, and a note for how the run ended. The status line shows running / elapsed time.
 */
import { eventText, truncationNote, type RunEvent, type RunResult } from "../../playground/protocol.ts";

export class OutputView {
  private readonly text: HTMLElement;
  private readonly plots: HTMLElement;
  private readonly status: HTMLElement;
  private readonly region: HTMLElement;
  private note: HTMLElement | null = null;
  private clock: ReturnType<typeof setInterval> | undefined;

  constructor(root: HTMLElement) {
    this.text = root.querySelector("[data-output]")!;
    this.plots = root.querySelector("[data-plots]")!;
    this.status = root.querySelector("[data-status]")!;
    this.region = root.querySelector("[data-output-region]")!;
  }

  start(): void {
    this.text.textContent = "";
    this.plots.textContent = "";
    this.note?.remove();
    this.note = null;
    this.region.setAttribute("aria-busy", "true");
    const started = performance.now();
    this.setStatus("Running…", "running");
    clearInterval(this.clock);
    this.clock = setInterval(
      () => this.setStatus(`Running… ${((performance.now() - started) / 1000).toFixed(1)} s`, "running"),
      250,
    );
  }

  append(event: RunEvent): void {
    const line = document.createElement("span");
    line.className = `playground__line playground__line--${event.kind}`;
    line.textContent = `${eventText(event)}\n`;
    this.text.append(line);
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
    const notes: string[] = [];
    if (result.truncated) notes.push(truncationNote());
    if (result.error) notes.push(describeError(result.error));
    if (notes.length) {
      this.note = document.createElement("p");
      this.note.className = `playground__note playground__note--${result.status}`;
      this.note.dataset.note = result.status;
      this.note.textContent = notes.join("\n");
      this.region.append(this.note);
    }
    const took = result.millis < 1000 ? `${result.millis} ms` : `${(result.millis / 1000).toFixed(2)} s`;
    const status =
      result.status === "ok"
        ? `Finished in ${took}`
        : result.status === "timeout"
          ? "Stopped at the time limit"
          : result.status === "syntax-error"
            ? "Did not run: syntax error"
            : `Failed after ${took}`;
    this.setStatus(status, result.status);
  }

  stopped(message: string): void {
    clearInterval(this.clock);
    this.region.removeAttribute("aria-busy");
    this.setStatus(message, "stopped");
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
    this.region.removeAttribute("aria-busy");
    this.setStatus("", "idle");
  }

  private setStatus(text: string, state: string): void {
    this.status.textContent = text;
    this.status.dataset.state = state;
  }
}
