/**
 * The layout shift a page has had since it loaded, as Lighthouse counts it: the shifts not caused
 * by input, summed (a buffered observer holds every shift so far as soon as it observes, so
 * `takeRecords` has them). Measured after the next two frames, so a shift the page's script has
 * just caused is counted. For the checks of pages that fill something in after load (the
 * facilitator views' address and QR code, the presenter views' status line).
 */
import type { Page } from "playwright-core";

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        const entries: Shift[] = [];
        // The buffered shifts come to the callback in a task of their own, before the two frames
        // are up: a callback that dropped them (and `takeRecords` alone) read 0 for a page whose
        // script had moved it (the review page's 0.009).
        const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as Shift[])));
        observer.observe({ type: "layout-shift", buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            entries.push(...(observer.takeRecords() as Shift[]));
            observer.disconnect();
            done(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }),
        );
      }),
  );
}
