import { afterEach, describe, expect, test, vi } from "vitest";
import { differsFromMarkup, mountFormOnFirstTouch, mountOnFirstTouch } from "./first-touch.ts";

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
