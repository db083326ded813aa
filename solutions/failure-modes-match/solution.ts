/** Each symptom's failure kind and the defence that contains it (see explanation.md for why). */
export const answers = {
  kind: {
    waiting: "slow",
    flood: "overload",
    flag: "deploy",
    upload: "poison",
    location: "zone",
    blank: "data",
    midnight: "correlated",
  },
  defence: {
    refused: "redundancy",
    waiting: "timeouts",
    flood: "shedding",
    flag: "staged",
    upload: "shuffle",
    provider: "fallback",
    location: "multi-zone",
    blank: "backups",
    midnight: "stagger",
  },
};
