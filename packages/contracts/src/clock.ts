/**
 * The product's clock: the time the rules, targets and readiness count "today" by. It is the machine's time unless
 * something that must mean the same on any day (a test of a rule) sets another.
 */
const machine = (): Date => new Date();

let read: () => Date = machine;

/** Now, by the product's clock. */
export const productNow = (): Date => read();

/** Sets the product's clock (`null`: the machine's again). */
export function setProductClock(next: (() => Date) | null): void {
  read = next ?? machine;
}
