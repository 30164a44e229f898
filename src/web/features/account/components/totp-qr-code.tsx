import { useQuery } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { Skeleton } from '@web/components/ui/skeleton';

const SIZE = 192;

/** The authenticator URI as a QR code image (drawn in the browser; the secret never leaves it). */
export function TotpQrCode({ uri }: { uri: string }) {
  const { data } = useQuery({
    queryKey: ['account', 'totp-qr', uri],
    queryFn: () => toDataURL(uri, { margin: 1, width: SIZE, errorCorrectionLevel: 'M' }),
    // The secret is not kept once the set-up dialog closes.
    gcTime: 0,
    staleTime: Infinity,
  });
  if (!data) return <Skeleton className="size-48" />;
  return (
    <img
      src={data}
      width={SIZE}
      height={SIZE}
      alt="QR code to scan with your authenticator app"
      className="rounded-md border bg-white"
      data-testid="totp-qr-code"
    />
  );
}
