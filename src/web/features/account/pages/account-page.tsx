import { Button } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { PageHeader } from '@web/components/ui/page-header';
import { errorMessage } from '@web/lib/api-client';
import { useAccount } from '../api/get-account';
import { NotificationsSection } from '../components/notifications-section';
import { PasswordSection } from '../components/password-section';
import { ProfileSection } from '../components/profile-section';
import { TwoFactorSection } from '../components/two-factor-section';

/** /account (any signed-in user): my name, my password, two-factor sign-in. */
export function AccountPage({ title }: { title: string }) {
  const { data: account, error, refetch } = useAccount();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={title} description="Your name, password and sign-in security." />
      {account ? (
        <>
          <ProfileSection key={account.name} account={account} />
          <PasswordSection />
          <TwoFactorSection enabled={account.twoFactorEnabled} />
          <NotificationsSection email={account.email} />
        </>
      ) : error ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-md border border-destructive/40 p-4 text-sm"
        >
          <p>Could not load your account. {errorMessage(error)}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <Loading />
      )}
    </div>
  );
}
