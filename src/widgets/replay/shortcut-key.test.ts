import { expect, test } from "vitest";
import { shortcutKey } from "./shortcut-key.ts";

/** A key press with these modifiers held ("AltGraph" as the browser reports AltGr). */
const press = (...held: ("Control" | "Alt" | "Meta" | "Shift" | "AltGraph")[]) => ({
  ctrlKey: held.includes("Control"),
  altKey: held.includes("Alt"),
  metaKey: held.includes("Meta"),
  getModifierState: (key: string) => held.includes(key as "AltGraph"),
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
