/**
 * The layout shift a page has had since it loaded, as Lighthouse counts it: the shifts not caused
 * by input, summed (a buffered observer holds every shift so far as soon as it observes, so
 * `takeRecords` has them). Measured after the next two frames, so a shift the page's script has
 * just caused is counted. For the checks of pages that fill something in after load (the
 * facilitator views' address and QR code, the presenter views' status line). `since` counts only
 * the shifts from that moment on (a `performance.now()` read in the page), and `within` only those
 * that moved something inside the first element matching that selector (a widget loading).
 */
import type { Page } from "playwright-core";

export function layoutShift(
  page: Page,
  { since = 0, within }: { since?: number; within?: string } = {},
): Promise<number> {
  return page.evaluate(
    ({ since, within }) =>
      new Promise<number>((done) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
        const entries: Shift[] = [];
        const root = within === null ? null : document.querySelector(within);
        if (within !== null && !root) throw new Error(`layoutShift: nothing matches ${within}`);
        const counts = (e: Shift) =>
          e.startTime >= since &&
          !e.hadRecentInput &&
          (!root || e.sources.some((s) => s.node && root.contains(s.node)));
        // The buffered shifts come to the callback in a task of their own, before the two frames
        // are up: a callback that dropped them (and `takeRecords` alone) read 0 for a page whose
        // script had moved it (the review page's 0.009).
        const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            entries.push(...(observer.takeRecords() as Shift[]));
            observer.disconnect();
            done(entries.filter(counts).reduce((sum, e) => sum + e.value, 0));
          }),
        );
      }),
    { since, within: within ?? null },
  );
}
