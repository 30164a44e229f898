import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { focusAsItAppears } from '@web/lib/focus';
import { scannedCodes } from './code-entry.model';

export interface ScanFieldProps {
  /** The name of the field, e.g. "Scan a stove ID". */
  label: string;
  /** The codes of one scan (normalized: trimmed, uppercase), each time Enter is pressed. */
  onCodes: (codes: string[]) => void;
  /** Beside the field: e.g. a camera button calling the same `onCodes`. */
  children?: ReactNode;
}

/**
 * One scan field for a keyboard-wedge scanner (it types a code then Enter) or typing: it has the
 * focus when it appears and keeps it after each scan, and hands each scan's codes to `onCodes`.
 */
export function ScanField({ label, onCodes, children }: ScanFieldProps) {
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The screen is for scanning: the scanner types into this field as soon as it opens.
  useEffect(() => focusAsItAppears(input.current), []);

  const submit = () => {
    const codes = scannedCodes(text);
    setText('');
    input.current?.focus();
    if (codes.length > 0) onCodes(codes);
  };

  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={input}
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="e.g. STV00012347"
          aria-describedby={`${id}-help`}
          className="min-w-0 flex-1 font-mono sm:max-w-sm"
        />
        <Button type="submit" variant="secondary">
          Enter
        </Button>
        {children}
      </div>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        Press Enter after each code; a scanner does this for you.
      </p>
    </form>
  );
}
