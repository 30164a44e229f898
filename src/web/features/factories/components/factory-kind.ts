import type { Factory } from '@common/contracts/factories';

type FactoryKind = Factory['kind'];

/** How each kind reads on screen (DOMAIN.md §4: a plant makes CKD kits, an assembly site couples stoves). */
export const FACTORY_KIND_LABELS: Readonly<Record<FactoryKind, string>> = {
  plant: 'Plant',
  assembly: 'Assembly',
  both: 'Plant and assembly',
};

export const FACTORY_KIND_OPTIONS: readonly { value: FactoryKind; label: string }[] = [
  { value: 'plant', label: FACTORY_KIND_LABELS.plant },
  { value: 'assembly', label: FACTORY_KIND_LABELS.assembly },
  { value: 'both', label: FACTORY_KIND_LABELS.both },
];
