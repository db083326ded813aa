/**
 * `npm run sim -- <simulation> [options]`: run a course simulation in the terminal.
 * Each simulation is a module in ./sim/ exporting a `SimCommand`.
 */
import { runMain, UsageError } from "./args.ts";
import type { SimCommand } from "./sim/command.ts";

const commands: Record<string, () => Promise<{ default: SimCommand }>> = {
  "shuffle-shard": () => import("./sim/shuffle-shard.ts"),
  "retry-storm": () => import("./sim/retry-storm.ts"),
  cells: () => import("./sim/cells.ts"),
};

const usage = `usage: npm run sim -- <simulation> [options]

simulations:
  ${Object.keys(commands).join("\n  ")}

Run \`npm run sim -- <simulation> --help\` for a simulation's options.`;

await runMain(async () => {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "--help" || name === "-h") {
    process.stdout.write(usage + "\n");
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) throw new UsageError(`unknown simulation "${name}"; choose one of: ${Object.keys(commands).join(", ")}`);
  const command = (
    await load().catch((error: unknown) => {
      throw new Error(`the ${name} simulation is not available yet (${String(error)})`);
    })
  ).default;
  return command.run(rest);
});
