/**
 * On a narrow replay only one run shows at a time (CSS, replay.css); flipping to the other
 * keeps the same chart under the reader's eye, so the two can be compared in place. Part of
 * the bootstrap: tiny, no imports, and it works before the replay's code has loaded.
 */
export function keepPlaceOnFlip(root: HTMLElement): void {
  const compare = root.querySelector<HTMLElement>(".rs-compare");
  if (!compare) return;
  let before: { chart: string; top: number } | null = null;
  // Just before the flip: the first chart of the run shown whose bottom is below the toggle.
  const remember = () => {
    const line = compare.getBoundingClientRect().bottom;
    before = null;
    for (const figure of root.querySelectorAll<HTMLElement>("[data-side] [data-chart]")) {
      const box = figure.getBoundingClientRect();
      if (box.height === 0 || box.bottom <= line) continue;
      before = { chart: figure.dataset.chart!, top: box.top };
      return;
    }
  };
  compare.addEventListener("pointerdown", remember, { capture: true });
  compare.addEventListener("keydown", remember, { capture: true });
  compare.addEventListener("change", (event) => {
    const shown = (event.target as HTMLInputElement).value;
    const figure = root.querySelector<HTMLElement>(`[data-side="${shown}"] [data-chart="${before?.chart}"]`);
    if (before && figure)
      window.scrollBy({ top: figure.getBoundingClientRect().top - before.top, behavior: "instant" });
    before = null;
  });
}
