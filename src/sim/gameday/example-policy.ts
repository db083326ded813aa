/**
 * An automated responder for `npm run gameday -- play <scenario> --policy <file.ts>`: once a
 * second it reads the dashboard and returns the actions to take (here: eject a host whose p99
 * has stood above 500 ms for five seconds, once; only what the scenario lets it eject, as the
 * dashboard also shows zones and services, which eject-host cannot target). The full shape of `view` is PolicyView in
 * src/sim/gameday/policy.ts.
 */
interface View {
  components: readonly string[];
  history: readonly { components: readonly { p99: number | null }[] }[];
  log: readonly { action: string; target?: string }[];
  actions: readonly { action: string; targets?: readonly string[] }[];
}

export default function respond(view: View) {
  const eject = view.actions.find((a) => a.action === "eject-host");
  const recent = view.history.slice(-5);
  if (!eject || recent.length < 5) return [];
  const ejectable = new Set(eject.targets ?? []);
  const ejected = new Set(view.log.filter((e) => e.action === "eject-host").map((e) => e.target));
  for (let i = 0; i < view.components.length; i++) {
    const name = view.components[i]!;
    if (ejected.has(name) || !ejectable.has(name)) continue;
    if (recent.every((frame) => (frame.components[i]?.p99 ?? 0) > 500)) return [{ action: "eject-host", target: name }];
  }
  return [];
}
