/**
 * Islands hydrated on demand (`<Island when="demand">`): nothing on the page leads a visitor to
 * them directly (the header's login popup is a closed dialog until the account link asks for it),
 * so their code loads only when a store module asks for them by name. A name asked for before its
 * island was seen (or an island appended later) hydrates as soon as it is there.
 */
const waiting = new Map<string, (() => void)[]>();
const asked = new Set<string>();

/** The island runtime: `run` hydrates one island named `name` once it is asked for. */
export function onDemand(name: string, run: () => void): void {
  if (asked.has(name)) return run();
  waiting.set(name, [...(waiting.get(name) ?? []), run]);
}

/** Asks for every island named `name` (those in the page and those added later) to hydrate. */
export function wakeIslands(name: string): void {
  asked.add(name);
  const runs = waiting.get(name) ?? [];
  waiting.delete(name);
  for (const run of runs) run();
}
