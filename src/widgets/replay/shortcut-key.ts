/**
 * Whether a key press is a widget's one-key shortcut rather than part of the browser's or the
 * site's own: with Ctrl, Alt or Meta held it is theirs (Ctrl+0 resets the zoom, Ctrl+1 switches
 * tabs, Ctrl+K opens the site's search), and the replay and the game day leave it alone; they
 * once paused on Ctrl+0 and Ctrl+K. AltGr, which some keyboard layouts need to type `[` or `]`
 * (and which Windows reports as Ctrl and Alt held), still types a shortcut. Shift is not looked
 * at: the key's character already says what it typed ("1" on a layout that needs Shift for it).
 *
 * `altTypes`: the shortcut's character may be typed with Alt alone, as Option types `[` and `]`
 * on some Mac layouts (German, Swiss); Alt with a digit or a letter stays the browser's.
 */
export function shortcutKey(
  event: Pick<KeyboardEvent, "ctrlKey" | "altKey" | "metaKey" | "getModifierState">,
  altTypes = false,
): boolean {
  if (event.metaKey) return false;
  if (event.getModifierState("AltGraph")) return true;
  if (event.ctrlKey) return false;
  return !event.altKey || altTypes;
}
