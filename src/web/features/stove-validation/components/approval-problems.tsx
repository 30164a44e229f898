import { plural } from '@common/counted';
import type { CodeProblem } from '@common/contracts/stove-ids';
import { CodeProblems } from '@web/components/code-entry/code-problems';
import { Button } from '@web/components/ui/button';
import { idCount } from './validation.model';

/** Why an approval was refused: every ID that no longer passes, with its verdict. */
export function ApprovalProblems({ problems, onDismiss }: { problems: readonly CodeProblem[]; onDismiss: () => void }) {
  return (
    <CodeProblems
      title={`Nothing was approved: ${idCount(problems.length)} no longer ${plural(problems.length, 'passes', 'pass')}`}
      problems={problems}
      tableLabel="Stove IDs that no longer pass"
      reasonHeader="Verdict"
      action={
        <Button variant="outline" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <p className="text-sm">
        Someone may have approved or moved them meanwhile. The verdicts below are up to date: approve again to validate
        the IDs that still pass.
      </p>
    </CodeProblems>
  );
}
