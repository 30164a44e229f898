import { plural } from '@common/counted';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useOnlineUsers } from '../api/get-online-users';

/** Who is online now: a tab active in the last 2 minutes. Refreshes every 30 seconds. */
export function OnlineUsersPanel() {
  const online = useOnlineUsers();
  const count = online.data?.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          Online now
          {online.data ? <Badge variant="secondary">{count}</Badge> : null}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {online.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : online.error ? (
          <p role="alert" className="text-sm">
            Could not load who is online. {errorMessage(online.error)}
          </p>
        ) : count === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is online.</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm" aria-label="Users online now">
            {online.data.map((u) => (
              <li key={u.userId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2">
                <span>
                  <span className="font-medium">{u.name}</span> <span className="text-muted-foreground">{u.email}</span>
                  {u.factory ? <span className="text-muted-foreground"> · {u.factory.code}</span> : null}
                </span>
                <span className="text-muted-foreground">
                  {u.tabs} {plural(u.tabs, 'tab', 'tabs')} · active{' '}
                  <time dateTime={u.lastActivityAt}>{formatDateTime(u.lastActivityAt)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
