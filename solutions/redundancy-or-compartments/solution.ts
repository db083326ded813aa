/** A third replica helps only against faults that stay on one machine. */
export const answers = {
  "third-replica": ["power-supply", "disk"],
  compartment: "shards",
};
