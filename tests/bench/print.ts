/** The bench's report: a heading per section, and tables with aligned columns. */
export function heading(title: string): void {
  console.log(`\n== ${title} ${'='.repeat(Math.max(0, 74 - title.length))}`);
}

export function table(rows: string[][], alignRight: boolean[] = []): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const row of rows) {
    console.log('  ' + row.map((cell, i) => (alignRight[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join('  '));
  }
}
