import { ShieldXIcon } from 'lucide-react';
import { MESSAGES } from '@common/constants';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Shown instead of a page the user has no permission for (spec §2). */
export function AccessDeniedCard() {
  return (
    <div className="flex justify-center px-4 py-10">
      <Card className="w-full max-w-md" data-testid="access-denied">
        <CardHeader className="items-center text-center">
          <ShieldXIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
          <CardTitle as="h1" className="text-xl">
            Access Denied
          </CardTitle>
          <CardDescription>{MESSAGES.accessDenied}</CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
