import { afterEach, describe, expect, test, vi } from "vitest";
import { type EarlyGlobal, holdEarlyPresses, mountOnFirstTouch } from "./first-touch.ts";
import { differsFromMarkup, mountFormOnFirstTouch } from "./form-first-touch.ts";

/** A stand-in for a widget root: an event target whose clicks land on one button. */
class FakeRoot extends EventTarget {
  readonly button = new EventTarget();
  clickedOnButton = 0;
  constructor() {
    super();
    this.button.addEventListener("click", () => this.clickedOnButton++);
  }
  /** Events dispatched on the root itself act as clicks on the button (event.target is the root). */
  closest(selector: string): EventTarget | null {
    return selector === "[data-play]" ? this.button : null;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.unstubAllGlobals());

describe("mountOnFirstTouch", () => {
  test("mounts once, on the first touch, and not before", async () => {
    const root = new EventTarget();
    const mount = vi.fn(async () => {});
    mountOnFirstTouch(root, mount);
    root.dispatchEvent(new Event("click"));
    root.dispatchEvent(new Event("change"));
    expect(mount).not.toHaveBeenCalled();
    root.dispatchEvent(new Event("focusin"));
    root.dispatchEvent(new Event("pointerdown"));
    root.dispatchEvent(new Event("keydown"));
    expect(mount).toHaveBeenCalledTimes(1);
  });

  test("further events count as a first touch when asked", () => {
    const root = new EventTarget();
    const mount = vi.fn(async () => {});
    mountOnFirstTouch(root, mount, { alsoOn: ["toggle"] });
    root.dispatchEvent(new Event("toggle"));
    expect(mount).toHaveBeenCalledTimes(1);
  });

  test("starting at once gives the same promise as the touch that follows", () => {
    const root = new EventTarget();
    const mount = vi.fn(async () => {});
    const start = mountOnFirstTouch(root, mount);
    const first = start();
    root.dispatchEvent(new Event("input"));
    expect(start()).toBe(first);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  test("the last click before mounting is replayed once, after the mount", async () => {
    vi.stubGlobal("MouseEvent", Event);
    const root = new FakeRoot();
    let mounted = false;
    let finishMount = () => {};
    const start = mountOnFirstTouch(
      root,
      () =>
        new Promise<void>(
          (resolve) =>
            (finishMount = () => {
              mounted = true;
              resolve();
            }),
        ),
      { replayClick: "[data-play]" },
    );
    root.dispatchEvent(new Event("pointerdown"));
    root.dispatchEvent(new Event("click"));
    root.dispatchEvent(new Event("click"));
    root.button.addEventListener("click", () => expect(mounted).toBe(true));
    expect(root.clickedOnButton).toBe(0);
    finishMount();
    await start();
    expect(root.clickedOnButton).toBe(1);
    // After the mount, clicks are the widget's own business.
    root.dispatchEvent(new Event("click"));
    await settle();
    expect(root.clickedOnButton).toBe(1);
  });

  // s57: a load that failed (the network dropped) left the widget dead: its touches were no
  // longer listened to, its click was lost, and nothing was said.
  test("a load that fails is said, and the next touch loads again; the press made then is replayed", async () => {
    vi.stubGlobal("MouseEvent", Event);
    const root = new FakeRoot();
    const offline = new TypeError("Failed to fetch dynamically imported module");
    let online = false;
    const mount = vi.fn(async () => {
      if (!online) throw offline;
    });
    const failures: unknown[] = [];
    const start = mountOnFirstTouch(root, mount, { replayClick: "[data-play]", failed: (e) => failures.push(e) });
    root.dispatchEvent(new Event("pointerdown"));
    root.dispatchEvent(new Event("click"));
    await expect(start()).rejects.toBe(offline);
    expect(failures).toEqual([offline]);
    // The held press is dropped with the load: nothing is clicked later unasked.
    expect(root.clickedOnButton).toBe(0);
    // Online again, the next press loads it, and is made once it has mounted.
    online = true;
    root.dispatchEvent(new Event("pointerdown"));
    root.dispatchEvent(new Event("click"));
    await start();
    expect(mount).toHaveBeenCalledTimes(2);
    expect(root.clickedOnButton).toBe(1);
    expect(failures).toHaveLength(1);
  });

  test("a load that fails before the press ends is tried again by the press itself", async () => {
    vi.stubGlobal("MouseEvent", Event);
    const root = new FakeRoot();
    let online = false;
    const mount = vi.fn(async () => {
      if (!online) throw new TypeError("offline");
    });
    const start = mountOnFirstTouch(root, mount, { replayClick: "[data-play]", failed: () => undefined });
    await start().catch(() => undefined);
    online = true;
    root.dispatchEvent(new Event("click"));
    await start();
    expect(mount).toHaveBeenCalledTimes(2);
    expect(root.clickedOnButton).toBe(1);
  });
});

/** Stand-ins for the form controls `differsFromMarkup` reads (the unit tests run without a DOM). */
class FakeInput {
  constructor(
    readonly type: string,
    public value = "",
    readonly defaultValue = value,
    public checked = false,
    readonly defaultChecked = checked,
  ) {}
}
class FakeSelect {
  readonly multiple = false;
  readonly options: { defaultSelected: boolean }[];
  constructor(
    public selectedIndex: number,
    marked: number[] = [],
    count = 3,
  ) {
    this.options = Array.from({ length: count }, (_, i) => ({ defaultSelected: marked.includes(i) }));
  }
}
class FakeTextArea {}

/** A widget root holding `controls`, with a dataset as an element has. */
class FakeWidget extends EventTarget {
  readonly dataset: Record<string, string | undefined> = {};
  constructor(readonly controls: object[]) {
    super();
  }
  querySelectorAll(): object[] {
    return this.controls;
  }
}

describe("values the browser put back in a form widget's controls", () => {
  const page = new EventTarget();
  const stubDom = () => {
    vi.stubGlobal("HTMLInputElement", FakeInput);
    vi.stubGlobal("HTMLSelectElement", FakeSelect);
    vi.stubGlobal("HTMLTextAreaElement", FakeTextArea);
    vi.stubGlobal("window", page);
  };
  const asRoot = (widget: FakeWidget) => widget as unknown as HTMLElement;

  test("a control differs from its markup when its value, choice or tick is not the one the markup gave it", () => {
    stubDom();
    const differs = (...controls: object[]) => differsFromMarkup(asRoot(new FakeWidget(controls)));
    expect(differs(new FakeInput("number", "10"), new FakeInput("range", "30"), new FakeSelect(0))).toBe(false);
    // A select whose markup marks no option shows its first; one marked is the markup's choice.
    expect(differs(new FakeSelect(2, [2]))).toBe(false);
    expect(differs(new FakeSelect(0, [2]))).toBe(true);
    expect(differs(new FakeSelect(1))).toBe(true);
    expect(differs(new FakeInput("range", "50", "10"))).toBe(true);
    expect(differs(new FakeInput("number", "", "10"))).toBe(true);
    expect(differs(new FakeInput("checkbox", "on", "on", false, true))).toBe(true);
    expect(differs(new FakeInput("radio", "up", "up", true, false))).toBe(true);
    expect(differs(new FakeInput("checkbox", "on", "on", true, true))).toBe(false);
  });

  test("a widget whose controls were put back mounts at once, flagged as changed; one left as drawn waits for a touch", async () => {
    stubDom();
    const restored = new FakeWidget([new FakeSelect(0), new FakeInput("range", "50", "10")]);
    const mountRestored = vi.fn(async () => {});
    await mountFormOnFirstTouch(asRoot(restored), mountRestored)();
    expect(mountRestored).toHaveBeenCalledTimes(1);
    expect(restored.dataset.pendingChange).toBe("true");

    const slider = new FakeInput("range", "10");
    const asDrawn = new FakeWidget([new FakeSelect(0), slider]);
    const mount = vi.fn(async () => {
      asDrawn.dataset.ready = "true";
    });
    mountFormOnFirstTouch(asRoot(asDrawn), mount);
    page.dispatchEvent(new Event("pageshow"));
    expect(mount).not.toHaveBeenCalled();
    expect(asDrawn.dataset.pendingChange).toBeUndefined();
    // Values put back later, without an event (a reload that keeps them): the page's pageshow mounts it.
    slider.value = "40";
    page.dispatchEvent(new Event("pageshow"));
    expect(mount).toHaveBeenCalledTimes(1);
    expect(asDrawn.dataset.pendingChange).toBe("true");
    await settle();
    page.dispatchEvent(new Event("pageshow"));
    expect(mount).toHaveBeenCalledTimes(1);
  });

  test("a change before the mount is flagged, as before", () => {
    stubDom();
    const widget = new FakeWidget([new FakeInput("number", "10")]);
    mountFormOnFirstTouch(asRoot(widget), async () => {});
    expect(widget.dataset.pendingChange).toBeUndefined();
    widget.dispatchEvent(new Event("change"));
    expect(widget.dataset.pendingChange).toBe("true");
  });
});

/**
 * Stand-ins for the page's elements the early script reads (the unit tests run without a DOM): an
 * element knows its attributes, its parent (for `closest`, by tag or by attribute), its style's
 * properties, and counts the clicks and submissions made on it.
 */
class FakeElement extends EventTarget {
  readonly attrs = new Map<string, string>();
  readonly styleProps = new Map<string, string>();
  readonly style = {
    setProperty: (name: string, value: string) => void this.styleProps.set(name, value),
    removeProperty: (name: string) => void this.styleProps.delete(name),
  };
  clicks = 0;
  constructor(
    readonly tag: string,
    readonly parent: FakeElement | null = null,
    attrs: Record<string, string> = {},
  ) {
    super();
    for (const [name, value] of Object.entries(attrs)) this.attrs.set(name, value);
    this.addEventListener("click", () => this.clicks++);
  }
  hasAttribute(name: string) {
    return this.attrs.has(name);
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attrs.set(name, value);
  }
  removeAttribute(name: string) {
    this.attrs.delete(name);
  }
  closest(selector: string): FakeElement | null {
    const attr = /^\[([\w-]+)\]$/.exec(selector)?.[1];
    const matches = (e: FakeElement) => (attr ? e.hasAttribute(attr) : e.tag === selector);
    for (let e: FakeElement | null = this; e; e = e.parent) if (matches(e)) return e;
    return null;
  }
  /** Shown waiting: marked, with its font size kept for its busy label. */
  get waiting() {
    return this.hasAttribute("data-early-wait") && this.styleProps.get("--early-size") === "16px";
  }
}
class FakeForm extends FakeElement {
  submitted = 0;
  requestSubmit() {
    this.submitted++;
  }
}

/** A page as the early script finds it: a widget root (data-early) with a form, and a form outside any. */
function earlyPage() {
  const win = new EventTarget() as EventTarget & EarlyGlobal;
  const doc = new EventTarget();
  const root = new FakeElement("section", null, { "data-early": "" });
  const form = new FakeForm("form", root);
  const check = new FakeElement("button", form);
  const label = new FakeElement("span", check);
  const run = new FakeElement("button", root);
  const offForm = new FakeForm("form", new FakeElement("main"));
  const resting = new FakeElement("button", root, { "aria-disabled": "true" });
  vi.stubGlobal("getComputedStyle", () => ({ fontSize: "16px" }));
  vi.stubGlobal("MouseEvent", Event);
  holdEarlyPresses(win as unknown as Window, doc as unknown as Document);
  // What the bootstraps read, as `window.brEarly`.
  const early = win.brEarly!;
  vi.stubGlobal("brEarly", early);
  /** An event as the browser sends it to the document's capture listeners, from `target`. */
  const fire = (type: "click" | "submit", target: FakeElement, submitter: FakeElement | null = null) => {
    const event = new Event(type, { cancelable: true });
    Object.defineProperty(event, "target", { value: target });
    Object.defineProperty(event, "submitter", { value: submitter });
    doc.dispatchEvent(event);
    return event;
  };
  return { win, early, root, form, check, label, run, offForm, resting, fire };
}

describe("presses made before the page's scripts arrive", () => {
  test("a widget's form is never sent natively, and the root's last press is held, shown waiting", () => {
    const { early, root, form, check, label, run, fire } = earlyPage();
    // A click on Check's label, then the form's submission it causes.
    fire("click", label);
    expect(fire("submit", form, check).defaultPrevented).toBe(true);
    expect(check.waiting).toBe(true);
    // Run pressed after: the last press is the one held; Check no longer waits.
    fire("click", run);
    expect(run.waiting).toBe(true);
    expect(check.waiting).toBe(false);
    expect(check.styleProps.size).toBe(0);
    expect(early.take(root)).toBe(run);
    // Taken once.
    expect(early.take(root)).toBeUndefined();
  });

  test("Enter in a form without a button holds the form; a press outside a widget is the page's own", () => {
    const { early, root, form, offForm, fire } = earlyPage();
    expect(fire("submit", offForm).defaultPrevented).toBe(false);
    expect(fire("submit", form).defaultPrevented).toBe(true);
    expect(early.take(root)).toBe(form);
    early.again(form as unknown as Element);
    expect(form.submitted).toBe(1);
    expect(form.hasAttribute("data-early-wait")).toBe(false);
  });

  test("a button that says it does nothing (aria-disabled) is not held, but its form is still not sent", () => {
    const { early, root, form, resting, fire } = earlyPage();
    expect(fire("submit", form, resting).defaultPrevented).toBe(true);
    expect(resting.hasAttribute("data-early-wait")).toBe(false);
    expect(early.take(root)).toBeUndefined();
  });

  test("once the root's bootstrap has taken its presses, the early script lets them be", () => {
    const { early, root, form, check, fire } = earlyPage();
    early.take(root);
    expect(root.hasAttribute("data-early")).toBe(false);
    expect(fire("submit", form, check).defaultPrevented).toBe(false);
    expect(check.hasAttribute("data-early-wait")).toBe(false);
  });

  test("past the load, a root no bootstrap took (its code failed) is let go: its press dropped, not shown waiting", () => {
    const { early, win, root, form, check, fire } = earlyPage();
    fire("submit", form, check);
    win.dispatchEvent(new Event("load"));
    expect(check.hasAttribute("data-early-wait")).toBe(false);
    expect(early.take(root)).toBeUndefined();
    // The browser's own submission again: a reload that may bring the code.
    const again = new FakeElement("section", null, { "data-early": "" });
    const late = new FakeForm("form", again);
    expect(fire("submit", late).defaultPrevented).toBe(false);
  });

  test("a bootstrap armed by mountOnFirstTouch loads at once for a held press, and makes it once mounted", async () => {
    const { root, check, fire } = earlyPage();
    fire("click", check);
    let finishMount = () => {};
    const mount = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finishMount = resolve;
        }),
    );
    const start = mountOnFirstTouch(root, mount);
    expect(mount).toHaveBeenCalledTimes(1);
    expect(check.waiting).toBe(true);
    expect(check.clicks).toBe(0);
    finishMount();
    await start();
    expect(check.clicks).toBe(1);
    expect(check.hasAttribute("data-early-wait")).toBe(false);
  });

  test("a held press whose load fails is dropped and no longer shown waiting", async () => {
    const { root, check, fire } = earlyPage();
    fire("click", check);
    const start = mountOnFirstTouch(root, async () => Promise.reject(new TypeError("offline")), {
      failed: () => undefined,
    });
    await expect(start()).rejects.toThrow("offline");
    expect(check.hasAttribute("data-early-wait")).toBe(false);
    expect(check.clicks).toBe(0);
  });

  test("a press while the widget loads is shown waiting too, and a later one takes its place", async () => {
    const { root, check, run } = earlyPage();
    let finishMount = () => {};
    const start = mountOnFirstTouch(
      root,
      () =>
        new Promise<void>((resolve) => {
          finishMount = resolve;
        }),
      { replayClick: "button" },
    );
    const clickOn = (target: FakeElement) => {
      const event = new Event("click");
      Object.defineProperty(event, "target", { value: target });
      root.dispatchEvent(event);
    };
    clickOn(check);
    expect(check.waiting).toBe(true);
    clickOn(run);
    expect(check.waiting).toBe(false);
    expect(run.waiting).toBe(true);
    finishMount();
    await start();
    expect(run.clicks).toBe(1);
    expect(run.waiting).toBe(false);
  });

  // The playground hands the press made while it loaded to its mount as an action ("run"), so
  // that its mount knows what comes first: made again as well, it would run twice.
  test("a mount that takes the press held for it hands it over itself: it waits no more and is not made again", async () => {
    const { root, check, run, fire } = earlyPage();
    fire("click", check);
    let takeIt: () => unknown = () => undefined;
    let finishMount = () => {};
    const start = mountOnFirstTouch(
      root,
      (takePress) => {
        takeIt = takePress;
        return new Promise<void>((resolve) => {
          finishMount = resolve;
        });
      },
      { replayClick: "button" },
    );
    const clickOn = (target: FakeElement) => {
      const event = new Event("click");
      Object.defineProperty(event, "target", { value: target });
      root.dispatchEvent(event);
    };
    clickOn(run);
    expect(run.waiting).toBe(true);
    expect(takeIt()).toBe(run);
    expect(run.waiting).toBe(false);
    // Taken once: nothing is left to take, or to make again.
    expect(takeIt()).toBeNull();
    finishMount();
    await start();
    expect(run.clicks).toBe(0);
    expect(check.clicks).toBe(0);
    expect(check.waiting).toBe(false);
  });
});
