import { knownTimeZones, offsetLabel, zoneOffsetMinutes } from '@common/time-zones';
import type { SelectOption } from '@web/components/form/form-fields';

let options: SelectOption[] | null = null;

/** Every time zone this browser knows, "Africa/Nairobi (UTC+3)", built once (about 400). */
export function timeZoneOptions(): readonly SelectOption[] {
  if (!options) {
    const now = new Date();
    options = knownTimeZones().map((zone) => ({
      value: zone,
      label: `${zone.replaceAll('_', ' ')} (${offsetLabel(zoneOffsetMinutes(now, zone))})`,
    }));
  }
  return options;
}
