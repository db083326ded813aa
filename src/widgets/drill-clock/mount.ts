/**
 * A drill's clock on the page: Start deals the exercise new numbers (through its own "Another
 * variant" button) and runs the clock; when every part of the exercise shows a right answer
 * the clock stops and says how long it took against the target. Nothing is stored: a drill is
 * a few minutes, and starting again deals new numbers.
 */
import { drillClockFace, drillStartMessage, drillTimeUpMessage, drillVerdict } from "./drill.ts";

export function mountDrillClock(root: HTMLElement): void {
  const exercise = document.getElementById(`ex-${root.dataset.drillFor}`);
  const button = root.querySelector<HTMLButtonElement>('[data-action="start"]');
  const face = root.querySelector<HTMLElement>('[data-field="clock"]');
  const status = root.querySelector<HTMLElement>('[data-field="status"]');
  const targetMs = Number(root.dataset.minutes) * 60_000;
  if (!exercise || !button || !face || !status || !(targetMs > 0)) return;

  const feedbacks = () => [...exercise.querySelectorAll<HTMLElement>("form[data-part] [data-feedback]")];
  const rightCount = () => feedbacks().filter((f) => f.dataset.verdict === "right").length;
  let startedAt = 0;
  let ticking: number | undefined;
  let toldTimeUp = false;
  const observer = new MutationObserver(() => {
    const parts = feedbacks().length;
    if (rightCount() === parts) finish(parts);
  });

  const tick = () => {
    const elapsed = Date.now() - startedAt;
    face.textContent = drillClockFace(elapsed, targetMs);
    root.toggleAttribute("data-over", elapsed >= targetMs);
    if (!toldTimeUp && elapsed >= targetMs) {
      toldTimeUp = true;
      status.textContent = drillTimeUpMessage(targetMs, rightCount(), feedbacks().length);
    }
  };

  const finish = (parts: number) => {
    observer.disconnect();
    window.clearInterval(ticking);
    const elapsed = Date.now() - startedAt;
    face.textContent = drillClockFace(elapsed, targetMs);
    root.dataset.state = "done";
    status.textContent = drillVerdict(elapsed, targetMs, parts);
    button.textContent = "Again, with new numbers";
  };

  button.addEventListener("click", () => {
    window.clearInterval(ticking);
    observer.disconnect();
    // New numbers clear every part's verdict; only answers given after this count.
    exercise.querySelector<HTMLButtonElement>('[data-action="variant"]')?.click();
    startedAt = Date.now();
    toldTimeUp = false;
    root.dataset.state = "running";
    root.removeAttribute("data-over");
    observer.observe(exercise, { subtree: true, attributes: true, attributeFilter: ["data-verdict"] });
    status.textContent = drillStartMessage(targetMs, feedbacks().length);
    button.textContent = "Restart with new numbers";
    tick();
    ticking = window.setInterval(tick, 250);
  });
}
