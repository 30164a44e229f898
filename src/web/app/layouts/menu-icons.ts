import {
  BarcodeIcon,
  BookOpenIcon,
  BoxesIcon,
  CalendarIcon,
  FactoryIcon,
  FileTextIcon,
  HammerIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  PackageIcon,
  ShoppingCartIcon,
  UsersIcon,
  WarehouseIcon,
  GaugeIcon,
  type LucideIcon,
} from 'lucide-react';
import type { MenuIcon } from '@common/permissions';

/** Lucide icon for each menu icon name of the shared menu model. */
export const MENU_ICONS: Readonly<Record<MenuIcon, LucideIcon>> = {
  dashboard: LayoutDashboardIcon,
  'factory-dashboard': GaugeIcon,
  users: UsersIcon,
  customers: HandshakeIcon,
  factory: FactoryIcon,
  'stove-id': BarcodeIcon,
  production: HammerIcon,
  ckd: PackageIcon,
  steel: BoxesIcon,
  inventory: WarehouseIcon,
  sales: ShoppingCartIcon,
  announcements: MegaphoneIcon,
  calendar: CalendarIcon,
  documentation: FileTextIcon,
  'app-doc': BookOpenIcon,
};
