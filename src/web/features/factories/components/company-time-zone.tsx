import { useId, useState } from 'react';
import { toast } from 'sonner';
import { zoneLabel } from '@common/time-zones';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useSetCompanyTimeZone } from '../api/set-company-time-zone';
import { timeZoneOptions } from './time-zone-options';

/**
 * The company's time zone (Factory Management): the calendar of every factory without its own and
 * of people without a factory. Changing it moves their "today" at once, so it asks first.
 */
export function CompanyTimeZone({ current }: { current: string }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { mutateAsync: save } = useSetCompanyTimeZone();
  const selectId = useId();
  const titleId = useId();
  const value = chosen ?? current;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Company time zone</CardTitle>
        <CardDescription>
          Factories without a time zone of their own, and people without a factory, count their days in{' '}
          <strong>{zoneLabel(current)}</strong>: today, months and the latest date a record may carry.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (value !== current) setConfirming(true);
          }}
        >
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={selectId}>Time zone</Label>
            <NativeSelect id={selectId} value={value} onChange={(event) => setChosen(event.target.value)}>
              {timeZoneOptions().map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={value === current}>
            Change time zone
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Change the company time zone?"
        description={`Factories without their own time zone, and people without a factory, will count days in ${zoneLabel(value)} instead of ${zoneLabel(current)}. Their "today" and their months move at once; records keep their dates.`}
        confirmLabel="Change time zone"
        busyLabel="Changing..."
        destructive={false}
        errorTitle="Could not change the time zone"
        onConfirm={async () => {
          await save({ timeZone: value });
          setChosen(null);
          toast.success(`The company time zone is now ${zoneLabel(value)}`);
        }}
      />
    </Card>
  );
}
