/**
 * `npm run sim -- <simulation> [options]`: run a course simulation in the terminal.
 * Each simulation is a module in ./sim/ exporting a `SimCommand`, loaded only when asked for.
 */
import { pathToFileURL } from "node:url";
import {
  asksForHelp,
  unknownName,
  helpOrMissing,
  type Io,
  processIo,
  runAsProcess,
  runMain,
  UsageError,
} from "./args.ts";
import type { SimCommand } from "./sim/command.ts";
import { listNames } from "../format/words.ts";
import { fitUsage, outputWidth } from "./terminal-width.ts";

const commands: Record<string, () => Promise<{ default: SimCommand }>> = {
  "shuffle-shard": () => import("./sim/shuffle-shard.ts"),
  "retry-storm": () => import("./sim/retry-storm.ts"),
  cells: () => import("./sim/cells.ts"),
};

const usage = `usage: npm run sim -- <simulation> [options]

simulations:
  ${Object.keys(commands).join("\n  ")}

Run \`npm run sim -- <simulation> --help\` for a simulation's options.`;

/** What a name that is no simulation is told: the names close to it, and every name. */
const unknownSimulation = (name: string) => unknownName("simulation", name, Object.keys(commands));

/** The whole command, in-process. */
export async function run(argv: string[], io: Io = processIo): Promise<number> {
  return runMain(async () => {
    // A lone `--` first ends the options, as for every command: what follows is the name, even
    // one that starts with a minus sign, and nothing after it is a simulation to name.
    const ended = argv[0] === "--";
    const [name, ...rest] = ended ? argv.slice(1) : argv;
    const names = listNames(Object.keys(commands), "or");
    const load = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
    // A simulation prints its own usage for --help or -h; without one, the line gets this one,
    // fitted to the terminal as every command's usage is (fitUsage).
    // `help retry-storm`, `--help retry-storm`: that simulation's own usage, as its --help gives it.
    const named = rest.find((arg) => Object.hasOwn(commands, arg));
    const helpAsked = !ended && (name === "help" || asksForHelp(argv));
    if (helpAsked && !load && named) return (await commands[named]!()).default.run(["--help"], io);
    // `help` and a simulation there is none of (`help retry-strom`): refused by helpOrMissing, as
    // by every command. A --help or -h beside a name (`shufle -h`) is a request for usage wherever
    // it stands, and gets the tool's.
    if (!ended || name === undefined) {
      const fitted = fitUsage(usage, outputWidth(io));
      const topics = { kind: "simulation", known: Object.keys(commands), typed: rest[0] };
      const done = helpOrMissing(name, fitted, `name a simulation: ${names}`, io, !load && asksForHelp(argv), topics);
      if (done !== undefined) return done;
    }
    if (!load) {
      // An option first (`sim -- --seed 3 shuffle-shard`): the name comes before its options.
      if (name!.startsWith("-") && named)
        throw new UsageError(`the simulation's name comes first: npm run sim -- ${named} ${name} ...`);
      throw new UsageError(unknownSimulation(name!));
    }
    return (await load()).default.run(rest, io);
  }, io);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runAsProcess(run);
