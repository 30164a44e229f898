import type { CodeProblem } from '@common/contracts/stove-ids';
import { CodeProblems } from '@web/components/code-entry/code-problems';
import { problemSummary } from './code-problems.model';

/** Every code that stops an all-or-nothing request, with its reason, under a count per reason. */
export function CodeProblemsList({ title, problems }: { title: string; problems: readonly CodeProblem[] }) {
  return (
    <CodeProblems title={title} problems={problems}>
      <p className="text-sm" data-testid="code-problems-summary">
        {problemSummary(problems)}
      </p>
    </CodeProblems>
  );
}
