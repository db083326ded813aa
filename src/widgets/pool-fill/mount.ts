/**
 * Page side of the pool animation (PoolFill.astro), loaded when the widget comes near the
 * viewport or on its first touch. It reads the frames the server wrote into the page (no engine
 * here), starts from the frame the slider shows (so a drag made while it loaded counts), and
 * draws each frame the reader scrubs, steps or jumps to, or that Play reaches.
 *
 * Play shows a frame every 250 ms and plays once by itself when the widget first reaches the
 * middle of the viewport, unless the reader has touched it already. With reduced motion nothing
 * plays by itself, nothing glides (pool-fill.css), and Play moves one frame a second.
 */
import type { PoolFilm } from "../../sim/retry-storm/pool-film.ts";
import { poolView, cssWidth } from "./view.ts";
import { grouped } from "../../format/number.ts";
import { keepUnitWithNumber } from "../../format/units.ts";

const frameMillis = 250;
const reducedFrameMillis = 1000;

export function mount(root: HTMLElement): void {
  const film = JSON.parse(root.dataset.film ?? "null") as PoolFilm | null;
  if (!film || !Array.isArray(film.frames) || film.frames.length === 0) return;
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector)!;
  const scrub = $<HTMLInputElement>("[data-pf-scrub]");
  const play = $<HTMLButtonElement>("[data-pf-play]");
  const caption = $<HTMLElement>("[data-pf-caption]");
  const slots = [...root.querySelectorAll<HTMLElement>("[data-pf-slots] .pf-slot")];
  const counts = {
    free: $<HTMLElement>('[data-pf-count="free"]'),
    waiting: $<HTMLElement>('[data-pf-count="waiting"]'),
    gone: $<HTMLElement>('[data-pf-count="gone"]'),
  };
  const text = (selector: string) => $<HTMLElement>(selector);
  /**
   * Writes `words` into the element, with its numbers bound to their units as the build binds the
   * server's frame, only when they change: the caption is a live region, and a screen reader may
   * read one whose text is replaced by the same words (the first frame drawn is the server's).
   */
  const write = (element: HTMLElement, words: string) => {
    const bound = keepUnitWithNumber(words);
    if (element.textContent !== bound) element.textContent = bound;
  };
  const say = (selector: string, words: string) => write(text(selector), words);
  // A time the browser put back in the slider (after Back, src/widgets/first-touch.ts) is the
  // reader's: it is drawn, and nothing plays over it by itself.
  if (root.dataset.pendingChange) root.dataset.touched = "true";
  delete root.dataset.pendingChange;
  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const last = film.frames.length - 1;
  let timer = 0;
  let playing = false;

  const show = (index: number) => {
    const view = poolView(film, index);
    scrub.value = String(view.index);
    scrub.setAttribute("aria-valuetext", view.time);
    say("[data-pf-time]", view.time);
    say("[data-pf-pricing]", view.pricing);
    view.slots.forEach((state, i) => {
      if (slots[i] && slots[i]!.dataset.state !== state) slots[i]!.dataset.state = state;
    });
    $("[data-pf-slots]").setAttribute("aria-label", view.slotsLabel);
    for (const state of ["free", "waiting", "gone"] as const) counts[state].textContent = grouped(view.counts[state]);
    say("[data-pf-queue]", view.queue);
    say("[data-pf-queue-gone]", view.queueGone);
    text("[data-pf-queue-gone-bar]").style.width = cssWidth(view.queueGoneShare);
    text("[data-pf-queue-bar]").style.width = cssWidth(view.queueShare - view.queueGoneShare);
    say("[data-pf-wait]", view.wait);
    text("[data-pf-wait-bar]").style.width = cssWidth(view.waitShare);
    say("[data-pf-refused]", view.refused);
    write(caption, view.caption);
    root.dataset.frame = String(view.index);
  };

  const setPlaying = (on: boolean) => {
    playing = on;
    clearInterval(timer);
    // Its name says what a press does (Play, or Pause while it plays), so it is no toggle button:
    // a pressed state beside a changing name said "Pause, toggle button, pressed" while it played.
    play.textContent = on ? "Pause" : "Play";
    // While it plays, the caption changes several times a second: announce only where it stops.
    caption.setAttribute("aria-live", on ? "off" : "polite");
    if (!on) {
      show(Number(scrub.value));
      return;
    }
    if (Number(scrub.value) >= last) show(0);
    timer = window.setInterval(
      () => {
        const next = Number(scrub.value) + 1;
        show(next);
        if (next >= last) setPlaying(false);
      },
      reduced ? reducedFrameMillis : frameMillis,
    );
  };
  const seek = (index: number) => {
    if (playing) setPlaying(false);
    show(index);
  };

  play.addEventListener("click", () => setPlaying(!playing));
  scrub.addEventListener("input", () => seek(Number(scrub.value)));
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-pf-step]"))
    button.addEventListener("click", () => seek(Number(scrub.value) + Number(button.dataset.pfStep)));
  for (const button of root.querySelectorAll<HTMLButtonElement>("[data-pf-jump]"))
    button.addEventListener("click", () => seek(Number(button.dataset.pfJump)));

  show(Number(scrub.value));
  root.dataset.ready = "true";

  // Played once by itself, from the start, when it first reaches the middle of the viewport untouched.
  if (reduced || root.dataset.touched || !("IntersectionObserver" in window)) return;
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      if (root.dataset.touched || playing) return;
      show(0);
      setPlaying(true);
    },
    // Any part of it in the middle band of the viewport: a phone may never see most of it at once.
    { rootMargin: "-35% 0px -35% 0px" },
  );
  seen.observe(root);
  // Any touch from now on is the reader's (focus included): never start by ourselves after it.
  for (const type of ["pointerdown", "focusin", "keydown", "input"])
    root.addEventListener(type, () => seen.disconnect(), { capture: true, passive: true });
}
