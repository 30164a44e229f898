import { useId } from 'react';
import { toast } from 'sonner';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationPreferences,
} from '@common/contracts/notifications';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { LoadError } from '@web/components/ui/load-error';
import { Loading } from '@web/components/ui/loading';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

/** Notifications: which mails reach me; each switch saves at once. */
export function NotificationsSection({ email }: { email: string }) {
  const { data: prefs, error, refetch } = useNotificationPreferences();
  const save = useSaveNotificationPreferences();

  const change = (kind: NotificationKind, on: boolean) => {
    if (!prefs) return;
    const next: NotificationPreferences = { ...prefs, [kind]: on };
    save.mutate(next, {
      onSuccess: () =>
        toast.success(`${NOTIFICATION_LABELS[kind].label}: ${on ? 'you will get these mails' : 'no more mails'}.`),
      onError: (e) => toast.error(`Not saved. ${errorMessage(e)}`),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>Which mails reach you at {email}. Each change is saved at once.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {prefs ? (
          NOTIFICATION_KINDS.map((kind) => (
            <NotificationSwitch
              key={kind}
              kind={kind}
              checked={save.isPending && save.variables ? save.variables[kind] : prefs[kind]}
              disabled={save.isPending}
              onChange={(on) => change(kind, on)}
            />
          ))
        ) : error ? (
          <LoadError what="your notifications" error={error} onRetry={() => void refetch()} />
        ) : (
          <Loading />
        )}
      </CardContent>
    </Card>
  );
}

function NotificationSwitch({
  kind,
  checked,
  disabled,
  onChange,
}: {
  kind: NotificationKind;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  const { label, hint } = NOTIFICATION_LABELS[kind];
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        className="mt-0.5"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-hint`}
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
