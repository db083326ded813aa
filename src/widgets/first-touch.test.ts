import { afterEach, describe, expect, test, vi } from "vitest";
import { mountOnFirstTouch } from "./first-touch.ts";

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
});
