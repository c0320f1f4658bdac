// One line per budget, as every bench entry prints them: PASS or MISS, the figure's name, its value, its budget.
export type Verdict = readonly [name: string, value: number, budget: string | number, ok: boolean];

export function printVerdicts(log: (s: string) => void, verdicts: readonly Verdict[], nameWidth: number): void {
  for (const [name, value, budget, ok] of verdicts) log(`  ${ok ? 'PASS' : 'MISS'}  ${name.padEnd(nameWidth)} ${String(value).padStart(9)}  (budget ${budget})`);
}
