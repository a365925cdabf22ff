/** Counts for the figures the suite prints: cases sent and answers of each class. */
export class Figures {
  cases = 0;
  serverErrors = 0;
  readonly byStatus = new Map<number, number>();

  count(status: number): void {
    this.cases += 1;
    if (status >= 500) this.serverErrors += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
  }

  /** One line for the test output, e.g. `fuzz: 22 endpoints, 4,400 cases, 0 answers 5xx`. */
  print(suite: string, routes: number, extra = ''): void {
    const statuses = [...this.byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    // On stderr (console.warn), where vitest shows it beside the test names in every reporter.
    console.warn(
      `[security] ${suite}: ${routes} routes, ${this.cases.toLocaleString('en')} cases, ` +
        `${this.serverErrors} answers 5xx (${statuses})${extra ? `; ${extra}` : ''}`,
    );
  }
}
