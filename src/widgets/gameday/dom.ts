/** The game day dashboard's small DOM helpers: find a part that must be there, and write only what changed. */
import { keepUnitWithNumber } from "../../format/units.ts";
import { requiredElement } from "../required-element.ts";

/** The element `selector` finds under `root`; a dashboard missing a part of its markup stops with which. */
export const q = <T extends Element>(root: ParentNode, selector: string): T =>
  requiredElement<T>(root, selector, "game day");

/**
 * Set an element's text only when it changed: unchanged text costs no layout. Its numbers keep
 * their units on their line, as the build binds the server's first state (src/format/units.ts).
 */
export function setText(el: Element, words: string): void {
  const text = keepUnitWithNumber(words);
  if (el.textContent !== text) el.textContent = text;
}

/** Set a data attribute only when it changed. */
export function setData(el: HTMLElement, key: string, value: string): void {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/**
 * Jobs run one per animation frame, so no task on the page's thread does more than one of them (the
 * long-task budget is 50 ms). A round asked for while one is under way runs once after it, as a
 * round of its own (asked for again meanwhile, still once): the jobs of the round already run drew
 * the state before it. A game day resumed after a reload drew its users chart empty just before the
 * game's first update came, and when the round the update asked for was dropped, that chart stayed
 * empty for as long as the game was paused.
 */
export function frameJobs(): { schedule(jobs: readonly (() => void)[]): void; clear(): void } {
  const queue: (() => void)[] = [];
  let queued = false;
  /** The round asked for while one was under way, to run after it. */
  let after: readonly (() => void)[] | null = null;
  const next = () => {
    queued = false;
    queue.shift()?.();
    if (queue.length === 0 && after) {
      queue.push(...after);
      after = null;
    }
    if (queue.length && !queued) {
      queued = true;
      requestAnimationFrame(next);
    }
  };
  return {
    schedule(jobs) {
      if (queue.length) {
        after = jobs;
        return;
      }
      queue.push(...jobs);
      if (!queued) {
        queued = true;
        requestAnimationFrame(next);
      }
    },
    clear() {
      queue.length = 0;
      after = null;
    },
  };
}
