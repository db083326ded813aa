/**
 * What a screen reader would hear of a page's changes: every element whose text changed while it
 * was recorded, kept if Chromium exposes it inside a live region (the element or an ancestor has
 * a polite or assertive `live` property in its accessibility tree, read through the DevTools
 * protocol). Changes outside a live region are seen, not read out.
 *
 * Record from a moment on (recordTextChanges, under an element), or from the start of every load
 * of a page (recordTextChangesFromLoad, the whole document): then announcedChanges says which of
 * the changed elements are live, and starts the record afresh.
 */
import type { CDPSession, Locator, Page } from "playwright-core";
import { expect } from "vitest";

type Recorder = { qaChanged: Set<Element>; qaObserver: MutationObserver };

/** Why Chromium leaves a node out of what a screen reader reads (its `ignoredReasons`), when it is hidden. */
const unread = new Set([
  "notRendered",
  "notVisible",
  "ariaHiddenElement",
  "ariaHiddenSubtree",
  "inertElement",
  "inertSubtree",
]);

/** In the page: observe `target`, keeping every element whose text changes under it. */
function observe(target: Node): void {
  const w = window as unknown as Recorder;
  w.qaObserver?.disconnect();
  const changed = new Set<Element>();
  w.qaChanged = changed;
  w.qaObserver = new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target instanceof Element ? r.target : r.target.parentElement;
      if (el) changed.add(el);
    }
  });
  w.qaObserver.observe(target, { childList: true, characterData: true, subtree: true });
}

/** Start recording every element under `root` whose text changes. */
export function recordTextChanges(root: Locator): Promise<void> {
  return root.evaluate(observe);
}

/** Record every element whose text changes, from the start of each load of `page` (a reload too). */
export async function recordTextChangesFromLoad(page: Page): Promise<void> {
  await page.addInitScript(`(${observe.toString()})(document)`);
}

/**
 * The elements whose text changed since the record started, that Chromium exposes inside a live
 * region, sorted: each named by its id ("#ex-cells-canary-feedback") or, without one, by its tag
 * and first data- attribute ("span[data-status]"). The record starts afresh. An element hidden
 * from the accessibility tree is read by nobody.
 */
export async function announcedChanges(page: Page, cdp: CDPSession): Promise<string[]> {
  const { seen, names } = await page.evaluate(() => {
    const w = window as unknown as Recorder;
    const seen = w.qaChanged.size;
    // Only these can be in a live region: one inside an element made live by aria-live or by its
    // role (alert, status, log; an <output> is a status). Chromium says which of them are.
    const changed = [...w.qaChanged].filter(
      (el) => el.isConnected && el.closest('[aria-live], [role="alert"], [role="status"], [role="log"], output'),
    );
    w.qaChanged.clear();
    const names = changed.map((el, i) => {
      el.setAttribute("data-qa-changed", String(i));
      if (el.id) return `#${el.id}`;
      const data = [...el.attributes].find((a) => a.name.startsWith("data-") && a.name !== "data-qa-changed");
      return `${el.tagName.toLowerCase()}${data ? `[${data.name}]` : ""}`;
    });
    return { seen, names };
  });
  // A record that saw nothing change proves nothing of what was said.
  expect(seen).toBeGreaterThan(0);
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-qa-changed]" });
  const announced: string[] = [];
  for (const nodeId of nodeIds) {
    const { node } = await cdp.send("DOM.describeNode", { nodeId });
    const index = Number(node.attributes![node.attributes!.indexOf("data-qa-changed") + 1]);
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: true });
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    let ax = nodes.find((n) => n.backendDOMNodeId === node.backendNodeId);
    // Hidden (not rendered, aria-hidden, inert): what changed in it is read by nobody.
    if (ax?.ignoredReasons?.some((r) => unread.has(r.name))) continue;
    const chain: typeof nodes = [];
    while (ax) {
      chain.push(ax);
      ax = ax.parentId ? byId.get(ax.parentId) : undefined;
    }
    const live = chain.some((n) =>
      n.properties?.some((p) => p.name === "live" && (p.value.value === "polite" || p.value.value === "assertive")),
    );
    // getPartialAXTree with its relatives returns every ancestor, up to the document.
    if (live) {
      expect(chain.at(-1)?.role?.value).toBe("RootWebArea");
      announced.push(names[index]!);
    }
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("[data-qa-changed]")) el.removeAttribute("data-qa-changed");
  });
  return announced.sort();
}
