import { expect, test } from "vitest";
import { shortcutKey } from "./shortcut-key.ts";

/** What a key press's target is read for: an element's name, an input's type, editable text. */
type Target = { tagName: string; type?: string; isContentEditable?: boolean };

/** A key press with these modifiers held ("AltGraph" as the browser reports AltGr), on `target` (none: the page). */
const press = (...held: ("Control" | "Alt" | "Meta" | "Shift" | "AltGraph")[]) => pressOn(null, ...held);
const pressOn = (target: Target | null, ...held: ("Control" | "Alt" | "Meta" | "Shift" | "AltGraph")[]) => ({
  ctrlKey: held.includes("Control"),
  altKey: held.includes("Alt"),
  metaKey: held.includes("Meta"),
  getModifierState: (key: string) => held.includes(key as "AltGraph"),
  target: target as EventTarget | null,
});

test("a one-key shortcut is pressed alone, or with Shift: Ctrl, Alt and Meta make it the browser's or the site's", () => {
  expect(shortcutKey(press())).toBe(true);
  // Shift is not looked at: the key's character says what was typed ("1" on a layout that needs Shift).
  expect(shortcutKey(press("Shift"))).toBe(true);
  // Ctrl+0 resets the zoom, Ctrl+K opens the site's search, Cmd+1 switches tabs, Alt+1 too on Linux.
  expect(shortcutKey(press("Control"))).toBe(false);
  expect(shortcutKey(press("Meta"))).toBe(false);
  expect(shortcutKey(press("Alt"))).toBe(false);
  expect(shortcutKey(press("Control", "Shift"))).toBe(false);
});

test("AltGr types a shortcut's character on some layouts (Windows reports it as Ctrl and Alt); Option does on some Macs where asked", () => {
  expect(shortcutKey(press("Control", "Alt", "AltGraph"), true)).toBe(true);
  expect(shortcutKey(press("AltGraph"))).toBe(true);
  expect(shortcutKey(press("Control", "Alt"))).toBe(false);
  // Option alone types [ and ] on German and Swiss Mac layouts: allowed only where the caller says so.
  expect(shortcutKey(press("Alt"), true)).toBe(true);
  expect(shortcutKey(press("Control"), true)).toBe(false);
  expect(shortcutKey(press("Meta", "AltGraph"), true)).toBe(false);
});

test("a key typed where a character means something is the control's: a text field, a list (its option's first letter), editable text", () => {
  const typing: Target[] = [
    { tagName: "INPUT", type: "text" },
    { tagName: "INPUT", type: "number" },
    { tagName: "INPUT", type: "search" },
    { tagName: "TEXTAREA" },
    // A <select> picks the option a typed character starts: the game day's action target lists.
    { tagName: "SELECT" },
    { tagName: "DIV", isContentEditable: true },
  ];
  for (const target of typing) {
    expect(shortcutKey(pressOn(target)), JSON.stringify(target)).toBe(false);
    // AltGr and Option type into it too.
    expect(shortcutKey(pressOn(target, "AltGraph"), true), JSON.stringify(target)).toBe(false);
    expect(shortcutKey(pressOn(target, "Alt"), true), JSON.stringify(target)).toBe(false);
  }
  // A button, a slider (the replay's scrubber: its keys are the arrows), a check box and a radio
  // button take no characters: a shortcut works there.
  const notTyping: Target[] = [
    { tagName: "BUTTON" },
    { tagName: "INPUT", type: "range" },
    { tagName: "INPUT", type: "checkbox" },
    { tagName: "INPUT", type: "radio" },
    { tagName: "H3", isContentEditable: false },
  ];
  for (const target of notTyping) expect(shortcutKey(pressOn(target)), JSON.stringify(target)).toBe(true);
});
