import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Playback } from "./playback.ts";

/** A stand-in for the slider or the speed menu: the properties the playback reads and writes. */
class FakeField extends EventTarget {
  constructor(
    public value: string,
    public min = "",
    public max = "",
  ) {
    super();
  }
}

/** A stand-in for the Play button. */
class FakeButton extends EventTarget {
  textContent = "Play";
  readonly attributes = new Map<string, string>();
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
}

/** A stand-in for the replay's root, where the keys are heard: no text field is around it. */
class FakeRoot extends EventTarget {
  closest(): null {
    return null;
  }
}

/** A key press on the replay, with the modifiers held. */
const key = (name: string, held: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean } = {}) =>
  Object.assign(new Event("keydown", { cancelable: true }), {
    key: name,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    ...held,
    getModifierState: () => false,
  });

/** The frames the playback asked for and not yet drawn; `frame(at)` draws them at time stamp `at`. */
let queued: FrameRequestCallback[] = [];
const frame = (at: number) => {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) callback(at);
};

beforeEach(() => {
  queued = [];
  vi.stubGlobal("matchMedia", () => ({ matches: false }));
  vi.stubGlobal("performance", { now: () => 1000 });
  vi.stubGlobal("requestAnimationFrame", (callback: FrameRequestCallback) => queued.push(callback));
  vi.stubGlobal("cancelAnimationFrame", () => {
    queued = [];
  });
});

afterEach(() => vi.unstubAllGlobals());

/** A playback of the default replay's 720 seconds at `speed` simulated seconds a second, and where it moved. */
function playbackAt(speed: string) {
  const scrub = new FakeField("0", "-30", "689");
  const play = new FakeButton();
  const moves: number[] = [];
  const root = new FakeRoot();
  let stops = 0;
  new Playback(
    {
      root: root as unknown as HTMLElement,
      scrub: scrub as unknown as HTMLInputElement,
      play: play as unknown as HTMLButtonElement,
      speed: new FakeField(speed) as unknown as HTMLSelectElement,
    },
    (t) => moves.push(t),
    () => void stops++,
  );
  return { scrub, play, moves, root, stops: () => stops };
}

describe("replay playback", () => {
  test("playing moves the playhead the chosen speed's worth of each frame, in whole seconds", () => {
    const { play, scrub, moves } = playbackAt("30");
    play.dispatchEvent(new Event("click"));
    expect(play.attributes.get("data-playing")).toBe("true");
    // 100 ms at 30 s a second is 3 s; 20 ms is 0.6 s, carried until it makes a whole second.
    frame(1100);
    frame(1120);
    frame(1140);
    expect(moves).toEqual([3, 4]);
    expect(scrub.value).toBe("4");
  });

  test("playing, a late frame (a background tab, a busy page) moves the playhead a quarter second's worth, not the time it was away", () => {
    const { play, moves } = playbackAt("120");
    play.dispatchEvent(new Event("click"));
    frame(1100);
    // No frame for two seconds: at 2 min a second, the time away would be 240 s.
    frame(3100);
    // And playback goes on at its pace from there.
    frame(3200);
    expect(moves).toEqual([12, 12 + 30, 12 + 30 + 12]);
  });

  test("[ and ] step the playhead 10 s and say where it landed, as a seek with the slider does", () => {
    const { root, moves, stops } = playbackAt("30");
    root.dispatchEvent(key("]"));
    root.dispatchEvent(key("]"));
    root.dispatchEvent(key("["));
    expect(moves).toEqual([10, 20, 10]);
    // Each step is announced (the page's onStop writes the moment into the live region).
    expect(stops()).toBe(3);
  });

  test("with Ctrl, Alt or Meta held the keys are the browser's or the site's: Ctrl+K (search) neither plays nor pauses", () => {
    const { root, play, moves, stops } = playbackAt("30");
    for (const held of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }]) {
      const event = key("k", held);
      root.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    root.dispatchEvent(key("]", { ctrlKey: true }));
    root.dispatchEvent(key("[", { metaKey: true }));
    expect(play.attributes.get("data-playing")).toBeUndefined();
    expect(moves).toEqual([]);
    expect(stops()).toBe(0);
    // Alone, k plays; Option (Alt) types ] on some Mac layouts, so it steps.
    root.dispatchEvent(key("k"));
    expect(play.attributes.get("data-playing")).toBe("true");
    root.dispatchEvent(key("]", { altKey: true }));
    expect(moves).toEqual([10]);
  });
});
