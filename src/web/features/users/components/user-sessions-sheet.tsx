import { toast } from 'sonner';
import type { User, UserSession } from '@common/contracts/users';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useUserSessions } from '../api/get-user-sessions';
import { useRevokeUserSession } from '../api/revoke-user-session';

/** A user's signed-in browsers: user agent, address, created, last active, tab activity; Revoke each. */
export function UserSessionsSheet({ user, onClose }: { user: User; onClose: () => void }) {
  const sessions = useUserSessions(user.id);
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader className="pr-10">
          <SheetTitle>Sessions of {user.name}</SheetTitle>
          <SheetDescription>Browsers where {user.email} is signed in. Revoking one signs it out.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-3 px-4 pb-4">
          {sessions.isPending ? (
            <Loading />
          ) : sessions.error ? (
            <div role="alert" className="flex flex-col items-start gap-2 text-sm">
              <p>Could not load the sessions. {errorMessage(sessions.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
                Retry
              </Button>
            </div>
          ) : sessions.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active sessions.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Sessions">
              {sessions.data.map((session) => (
                <SessionItem key={session.id} userId={user.id} session={session} />
              ))}
            </ul>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function SessionItem({ userId, session }: { userId: string; session: UserSession }) {
  const { mutate: revoke, isPending } = useRevokeUserSession();
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium break-words">{session.userAgent ?? 'Unknown browser'}</p>
        {session.current ? <Badge variant="outline">This browser</Badge> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-muted-foreground">
        <dt>Address</dt>
        <dd>{session.ipAddress ?? '—'}</dd>
        <dt>Signed in</dt>
        <dd>{formatDateTime(session.createdAt)}</dd>
        <dt>Last request</dt>
        <dd>{formatDateTime(session.lastActiveAt)}</dd>
        <dt>Last activity</dt>
        <dd>{session.lastActivityAt ? formatDateTime(session.lastActivityAt) : '—'}</dd>
      </dl>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={isPending}
        aria-label={`Revoke session ${session.userAgent ?? ''} signed in ${formatDateTime(session.createdAt)}`}
        onClick={() =>
          revoke(
            { userId, sessionId: session.id },
            {
              onSuccess: () => toast.success('Session revoked'),
              onError: (error) => toast.error('Could not revoke the session', { description: errorMessage(error) }),
            },
          )
        }
      >
        {isPending ? 'Revoking...' : 'Revoke'}
      </Button>
    </li>
  );
}
