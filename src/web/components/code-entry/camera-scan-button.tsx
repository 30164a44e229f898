import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { Button } from '@web/components/ui/button';

function ScannerLoadFailed({ onClose }: { onClose: () => void }) {
  return (
    <div className="space-y-2">
      <p role="alert" className="text-sm text-destructive">
        The scanner could not be loaded. Check the connection, then reload the page.
      </p>
      <Button variant="secondary" size="sm" onClick={onClose}>
        Close camera
      </Button>
    </div>
  );
}

// The scanner and its barcode reader load when the camera opens: nothing of them is in a page's first load.
const CameraScanner = lazy(() =>
  import('./camera-scanner').then(
    (m) => ({ default: m.CameraScanner }),
    () => ({ default: ScannerLoadFailed }),
  ),
);

/** Whether the browser can open a camera (and, when it lists its devices, has one). */
function useCameraAvailable(): boolean {
  const [available, setAvailable] = useState(
    () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function',
  );
  const checked = useRef(false);
  useEffect(() => {
    if (!available || checked.current) return;
    checked.current = true;
    let live = true;
    navigator.mediaDevices
      .enumerateDevices?.()
      .then((devices) => {
        if (live && devices.length > 0) setAvailable(devices.some((d) => d.kind === 'videoinput'));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [available]);
  return available;
}

export interface CameraScanButtonProps {
  /** Called with the new codes of each read (normalized), in the order they were read. */
  onCodes: (codes: string[]) => void;
  /** Whether a code is already in the caller's list: a read of it is told of as a repeat. */
  inList?: (code: string) => boolean;
  /** While the list cannot change (it is being sent), the camera closes. */
  disabled?: boolean;
  /** Beep on each new code (default); off where the caller sounds its own verdict of each scan. */
  beep?: boolean;
}

/**
 * "Scan with camera", shown where the device has a camera: opens the camera below it and adds each
 * stove ID label it reads through `onCodes`, until closed.
 */
export function CameraScanButton({ onCodes, inList, disabled = false, beep = true }: CameraScanButtonProps) {
  const available = useCameraAvailable();
  const [open, setOpen] = useState(false);
  if (open && disabled) setOpen(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Back to the button once the camera closes, so the keyboard stays where it was.
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!available) return null;
  if (!open)
    return (
      <Button ref={button} variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <Camera aria-hidden="true" />
        Scan with camera
      </Button>
    );
  return (
    <Suspense fallback={<p className="text-sm text-muted-foreground">Starting the camera…</p>}>
      <CameraScanner onCodes={onCodes} inList={inList} beep={beep} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
