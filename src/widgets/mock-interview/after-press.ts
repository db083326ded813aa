/**
 * Work held while a pointer is pressed on the page. A text field's change event fires when the
 * field loses the focus, and a press anywhere else takes the focus: what the change redraws then,
 * between the press and its release, can move the control pressed from under the pointer (a seed
 * refused, its longer line pushed "Start the interview" down), and the click lands on nothing.
 * Held, the work runs once the press is over, in the task after the release, so after the click
 * the press made; or at once when a control needs its result first (`settle`: Draw and Start read
 * what was typed before they act, as they did when the change came first).
 *
 * A touch presses twice as far as the page sees it: the touch itself (pointerdown, pointerup),
 * then the mouse events the browser makes of the tap (mousedown, where the focus moves, mouseup
 * and click). A key pressed also ends a press, so work is not held for a release the page never
 * sees (a press on a list box whose menu took the release).
 */

const presses = ["pointerdown", "mousedown"] as const;
const releases = ["pointerup", "pointercancel", "mouseup", "keydown"] as const;

export class AfterPress {
  private pressed = false;
  private held: (() => void) | null = null;

  /** Watches presses on `page` (the window; a bare event target in a unit test). */
  constructor(page: EventTarget) {
    const options = { capture: true, passive: true };
    for (const type of presses)
      page.addEventListener(
        type,
        () => {
          this.pressed = true;
        },
        options,
      );
    for (const type of releases)
      page.addEventListener(
        type,
        () => {
          this.pressed = false;
          // The click comes in the release's own task: the work held runs in the next one.
          if (this.held) setTimeout(() => this.settle(), 0);
        },
        options,
      );
  }

  /** Runs `work` now, or, while a press is under way, once it is over (in place of any work still held). */
  run(work: () => void): void {
    this.held = work;
    if (!this.pressed) this.settle();
  }

  /** Runs the work held, if any, now. */
  settle(): void {
    const work = this.held;
    this.held = null;
    work?.();
  }
}
