/** How to summarise the codes a refused all-or-nothing request names. */
import { counted } from '@common/counted';
import type { CodeProblem } from '@common/contracts/stove-ids';

/** "2 problems: 1 already exists, 1 not a valid code" — counts per reason, most frequent first. */
export function problemSummary(problems: readonly CodeProblem[]): string {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p.reason, (counts.get(p.reason) ?? 0) + 1);
  const parts = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, n]) => `${n.toLocaleString('en-US')} × ${reason}`);
  const total = problems.length;
  return `${counted(total, 'problem')}: ${parts.join(', ')}`;
}
