/** Demo factories and logins, one user per group; listed in the README. No imports with side effects: e2e tests read it. */
import type { CreateFactory } from '../../common/contracts/factories';
import type { Group } from '../../common/permissions';
import { dayInZone } from '../../common/time-zones';

export const DEMO_PASSWORD = 'stoves-demo-2026';

/** The demo company's time zone: its factories are in Kenya, so its days begin at midnight in Nairobi. */
export const DEMO_TIME_ZONE = 'Africa/Nairobi';

/** Today in the demo company's zone: the day its demo records are counted back from. */
export function demoToday(): string {
  return dayInZone(new Date(), DEMO_TIME_ZONE);
}

export const DEMO_FACTORIES: CreateFactory[] = [
  { name: 'Nairobi Central Plant', code: 'NBO', kind: 'both', location: 'Industrial Area, Nairobi' },
  { name: 'Mombasa Assembly', code: 'MSA', kind: 'assembly', location: 'Changamwe, Mombasa' },
  { name: 'Kisumu Assembly', code: 'KSM', kind: 'assembly', location: 'Kibos Road, Kisumu' },
];

export const DEMO_USERS: { email: string; name: string; group: Group; factoryCode: string | null }[] = [
  { email: 'admin@example.com', name: 'Amina Admin', group: 'Admin', factoryCode: null },
  { email: 'factory.manager@example.com', name: 'Faith Factory-Manager', group: 'Factory Manager', factoryCode: 'MSA' },
  { email: 'senior.sales@example.com', name: 'Samuel Senior-Sales', group: 'Senior Sales Manager', factoryCode: null },
  {
    email: 'senior.production@example.com',
    name: 'Sarah Senior-Production',
    group: 'Senior Production Manager',
    factoryCode: null,
  },
  {
    email: 'senior.supervisor@example.com',
    name: 'Simon Senior-Supervisor',
    group: 'Senior Production Supervisor',
    factoryCode: null,
  },
  {
    email: 'production.manager@example.com',
    name: 'Peter Production-Manager',
    group: 'Production Manager',
    factoryCode: null,
  },
  {
    email: 'production.supervisor@example.com',
    name: 'Priscilla Supervisor',
    group: 'Production Supervisor',
    factoryCode: 'MSA',
  },
  { email: 'coupler@example.com', name: 'Collins Coupler', group: 'Stove Coupler', factoryCode: 'MSA' },
  // A coupler at each of the other factories: the demo's stove reports are the couplers' own.
  { email: 'coupler.nbo@example.com', name: 'Grace Coupler', group: 'Stove Coupler', factoryCode: 'NBO' },
  { email: 'coupler.ksm@example.com', name: 'Brian Coupler', group: 'Stove Coupler', factoryCode: 'KSM' },
  { email: 'sales.manager@example.com', name: 'Mary Sales-Manager', group: 'Sales Manager', factoryCode: 'NBO' },
  { email: 'sales.officer@example.com', name: 'Otieno Sales-Officer', group: 'Sales Officer', factoryCode: 'KSM' },
];
