import { shortcutKey } from "./shortcut-key.ts";

/**
 * The replay's playhead: the range slider, Play / Pause at a chosen speed, and the keys
 * (`[` and `]` step 10 s, `k` plays and pauses) anywhere in the replay but a field where a typed
 * character is the field's (a text field, a list), the slider included, and never with Ctrl, Alt
 * or Meta held (`shortcutKey`, the game day's rule too: Ctrl+K is the site's search). A step is announced where it lands, as a seek with the slider is. Playback moves `speed` simulated seconds per real second (a late frame, as in a
 * background tab, counts a quarter second at most); with reduced
 * motion it never starts on its own and moves in whole steps once a second.
 */
export interface PlaybackElements {
  root: HTMLElement;
  scrub: HTMLInputElement;
  play: HTMLButtonElement;
  speed: HTMLSelectElement;
}

/** The most wall-clock time one animation frame may advance the playhead by. */
const longestFrameMillis = 250;

export class Playback {
  private playhead: number;
  private playing = false;
  private last = 0;
  private carry = 0;
  private timer = 0;
  private readonly reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

  constructor(
    private readonly el: PlaybackElements,
    /** Called with the new second whenever the playhead moves. */
    private readonly onMove: (t: number) => void,
    /** Called when playback stops (paused or at the end) or a key steps it, to announce where it is. */
    private readonly onStop: () => void,
  ) {
    this.playhead = Number(el.scrub.value);
    el.play.addEventListener("click", () => this.setPlaying(!this.playing));
    el.scrub.addEventListener("input", () => this.seek(Number(el.scrub.value)));
    el.scrub.addEventListener("change", () => this.onStop());
    el.root.addEventListener("keydown", (event) => this.key(event));
  }

  get time(): number {
    return this.playhead;
  }

  get min(): number {
    return Number(this.el.scrub.min);
  }

  get max(): number {
    return Number(this.el.scrub.max);
  }

  /** The slider's range: the runs' first and last second. */
  setRange(min: number, max: number): void {
    this.el.scrub.min = String(min);
    this.el.scrub.max = String(max);
    this.seek(this.playhead);
  }

  /** Move the playhead to simulated second `t` (clamped, whole seconds). */
  seek(t: number): void {
    this.playhead = Math.max(this.min, Math.min(this.max, Math.round(t)));
    this.el.scrub.value = String(this.playhead);
    this.onMove(this.playhead);
  }

  setPlaying(on: boolean): void {
    this.playing = on;
    const { play } = this.el;
    // Its name says what a press does, so it is no toggle button (a pressed state beside a changing
    // name said "Pause, toggle button, pressed" while it played); data-playing is for the page's code.
    play.setAttribute("data-playing", String(on));
    play.textContent = on ? "Pause" : "Play";
    cancelAnimationFrame(this.timer);
    clearInterval(this.timer);
    if (!on) {
      this.onStop();
      return;
    }
    if (this.playhead >= this.max) this.seek(this.min);
    this.last = performance.now();
    this.carry = 0;
    if (this.reducedMotion) {
      // One whole step of the chosen speed per tick, however late the tick comes: never a glide.
      this.timer = window.setInterval(() => this.playing && this.step(Number(this.el.speed.value)), 1000);
      return;
    }
    const frame = (now: number) => {
      if (!this.playing) return;
      this.advance(now);
      if (this.playing) this.timer = requestAnimationFrame(frame);
    };
    this.timer = requestAnimationFrame(frame);
  }

  private advance(now: number): void {
    // A background tab gets no frames: its first frame back must not jump over the time it was
    // hidden (at 2 min a second, ten seconds away would reach the end). Playback resumes instead.
    const elapsed = Math.min(now - this.last, longestFrameMillis);
    this.carry += (elapsed / 1000) * Number(this.el.speed.value);
    this.last = now;
    const whole = Math.floor(this.carry);
    this.carry -= whole;
    this.step(whole);
  }

  /** Move on `seconds` (none: stay), and stop at the end. */
  private step(seconds: number): void {
    if (seconds > 0) this.seek(this.playhead + seconds);
    if (this.playhead >= this.max) this.setPlaying(false);
  }

  private key(event: KeyboardEvent): void {
    if (event.key === "[" || event.key === "]") {
      if (!shortcutKey(event, true)) return;
      this.seek(this.playhead + (event.key === "]" ? 10 : -10));
      // Heard where it landed, as a seek with the slider is (its change event): the moment shown
      // changed, and a screen reader was told nothing.
      this.onStop();
      event.preventDefault();
    } else if (event.key === "k" && shortcutKey(event)) {
      this.setPlaying(!this.playing);
      event.preventDefault();
    }
  }
}
