import { useId, useState } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

interface PartnerRegionFilterProps {
  /** The region in the URL ('' = all). */
  value: string;
  onChange: (region: string | undefined) => void;
}

/** The region filter: an exact region name, applied on Enter or when leaving the box. */
export function PartnerRegionFilter({ value, onChange }: PartnerRegionFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState({ text: value, from: value });
  // The URL changed (back button, a link): show it.
  const text = draft.from === value ? draft.text : value;
  if (draft.from !== value) setDraft({ text: value, from: value });

  const apply = () => {
    const region = text.trim();
    if (region !== value) onChange(region || undefined);
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        Region
      </Label>
      <Input
        id={id}
        value={text}
        placeholder="Any region"
        maxLength={100}
        className="w-full sm:w-40"
        onChange={(event) => setDraft({ text: event.target.value, from: value })}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
    </div>
  );
}
