import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Flashlight, FlashlightOff, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { scanFeedback } from '@web/lib/scan-feedback';
import { cn } from '@web/lib/utils';
import { loadCodeReader } from './camera-detector';
import { ScanMemory, cameraProblem, codesFromScan } from './camera-scanner.model';

/** The pause between two reads of the video: about ten a second, light on a phone's battery. */
const SCAN_INTERVAL_MS = 100;

/** Marks in the page's performance timeline, for the end-to-end test's timing of a read. */
export const SCANNER_MARKS = { firstFrame: 'camera-scanner:first-frame', code: 'camera-scanner:code' } as const;

export interface CameraScannerProps {
  /** Called with the new codes of each read (normalized), in the order they were read. */
  onCodes: (codes: string[]) => void;
  /** Whether a code is already in the caller's list: a read of it is a repeat, not added. */
  inList?: (code: string) => boolean;
  /** Beep (and buzz) on each new code; off where the caller sounds its own verdict of each scan. */
  beep?: boolean;
  onClose: () => void;
}

interface TorchConstraintSet extends MediaTrackConstraintSet {
  torch?: boolean;
}

interface Notice {
  text: string;
  warning: boolean;
}

/**
 * The live camera, read about ten times a second: each new stove ID code goes to `onCodes` with a
 * beep and a buzz, a code read again after it left the view is told of ("already in the list"),
 * the same label held in view is read once. The rear camera is preferred; a torch button shows
 * where the camera has one. Closing (the Close button or Escape) stops the camera.
 */
export function CameraScanner({ onCodes, inList, beep = true, onClose }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<MediaStreamTrack | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [torch, setTorch] = useState<{ on: boolean } | null>(null);
  // The scanning loop outlives renders: it calls the latest callbacks.
  const latest = useRef({ onCodes, inList, beep });
  useLayoutEffect(() => {
    latest.current = { onCodes, inList, beep };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const memory = new ScanMemory();
    const element = video.current;

    const handle = (values: string[]) => {
      const now = performance.now();
      const fresh: string[] = [];
      let repeat: string | null = null;
      let notCode = false;
      for (const value of values) {
        const codes = codesFromScan(value);
        if (codes.length === 0 && memory.read(`\u0000${value}`, now) !== 'in-view') notCode = true;
        for (const code of codes) {
          const kind = memory.read(code, now, (c) => latest.current.inList?.(c) ?? false);
          if (kind === 'new') fresh.push(code);
          else if (kind === 'repeat') repeat = code;
        }
      }
      if (fresh.length > 0) {
        performance.mark(SCANNER_MARKS.code);
        latest.current.onCodes(fresh);
        if (latest.current.beep) scanFeedback('ok');
        setNotice({ text: `Added ${fresh.join(', ')}.`, warning: false });
      } else if (repeat) setNotice({ text: `${repeat} is already in the list.`, warning: true });
      else if (notCode) setNotice({ text: 'That code is not a stove ID label.', warning: true });
    };

    const start = async () => {
      const reader = loadCodeReader();
      reader.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setProblem(cameraProblem(error));
        return;
      }
      if (stopped || !element) {
        for (const t of stream.getTracks()) t.stop();
        return;
      }
      const videoTrack = stream.getVideoTracks()[0] ?? null;
      track.current = videoTrack;
      // Not every camera lists a torch (TypeScript's DOM types do not know it yet).
      const capabilities: object = videoTrack?.getCapabilities?.() ?? {};
      if ('torch' in capabilities && capabilities.torch === true) setTorch({ on: false });
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      let read: Awaited<typeof reader>;
      try {
        read = await reader;
      } catch {
        if (!stopped) setProblem('The scanner could not be loaded. Check the connection, then try again.');
        return;
      }
      if (stopped) return;
      setReady(true);
      let first = true;
      const tick = async () => {
        if (stopped) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          if (first) performance.mark(SCANNER_MARKS.firstFrame);
          first = false;
          let values: string[] = [];
          try {
            values = await read.read(element);
          } catch {
            // A frame that cannot be read (the camera just stopped): the next one may.
          }
          if (stopped) return;
          handle(values);
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void start();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
      track.current = null;
      if (element) element.srcObject = null;
    };
  }, []);

  const toggleTorch = async () => {
    if (!torch || !track.current) return;
    const on = !torch.on;
    const set: TorchConstraintSet = { torch: on };
    try {
      await track.current.applyConstraints({ advanced: [set] });
      setTorch({ on });
    } catch {
      setNotice({ text: 'The torch could not be switched.', warning: true });
    }
  };

  return (
    <section
      aria-label="Scan with camera"
      className="w-full max-w-md space-y-2 rounded-md border p-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      {problem ? (
        <p role="alert" className="px-1 py-4 text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <div className="relative overflow-hidden rounded bg-black">
          <video ref={video} muted playsInline aria-label="Camera view" className="aspect-[4/3] w-full object-cover" />
          {!ready ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-white">Starting the camera…</p>
          ) : null}
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        className={cn(
          'min-h-5 px-1 text-sm',
          notice?.warning ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground',
        )}
      >
        {problem ? '' : (notice?.text ?? (ready ? 'Hold a stove ID label in front of the camera.' : ''))}
      </p>
      <div className="flex flex-wrap gap-2">
        {torch ? (
          <Button variant="outline" size="sm" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
            {torch.on ? <FlashlightOff aria-hidden="true" /> : <Flashlight aria-hidden="true" />}
            {torch.on ? 'Torch off' : 'Torch on'}
          </Button>
        ) : null}
        <Button variant="secondary" size="sm" onClick={onClose} autoFocus>
          <X aria-hidden="true" />
          Close camera
        </Button>
      </div>
    </section>
  );
}
