// "1 row", "2 rows", "1,200 rows": a count with the noun that agrees with it.
const rules = new Intl.PluralRules("en-US");

export function countOf(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString("en-US")} ${rules.select(n) === "one" ? one : many}`;
}

/** How long something took, as a person says it: "in under a second", "in 2.4 seconds". */
export function tookSeconds(ms: number) {
  if (ms < 1000) return "in under a second";
  const seconds = Math.round(ms / 100) / 10;
  return `in ${seconds === 1 ? "1 second" : `${seconds.toLocaleString("en-US")} seconds`}`;
}
