/**
 * Demo documentation (`npm run demo`): eight company pages in four sections (Safety, Quality,
 * HR, Logistics), two of them edited since they were written so their history has versions.
 * Written through the documentation service as the demo Admin, so every version is audited.
 */
import { count } from 'drizzle-orm';
import { loadActor } from '../auth/actor';
import type { Database } from '../db/client';
import { docPages } from '../db/schema/communication';
import { createDocPage, updateDocPage } from '../modules/documentation/documentation.service';

interface DemoPage {
  slug: string;
  title: string;
  section: string;
  body: string;
  /** Later versions' texts, saved one after the other. */
  edits?: string[];
}

const KILN_SAFETY_V1 = `Everyone who works in the firing area reads this page before their first shift.

## Before firing

- Wear the heat-resistant gloves, apron and face shield hanging at the kiln door.
- Check that the kiln door seal is whole and the chimney damper is open.
- Clear the two metres around the kiln of pallets, cardboard and fuel.

## During firing

- Never open the kiln door above **200 °C**.
- Stay within sight of the kiln controller; log the temperature every 30 minutes on the firing sheet.

## If something goes wrong

Switch the kiln off at the red isolator, leave the area and call the shift supervisor.
`;

const KILN_SAFETY_V2 = `${KILN_SAFETY_V1}
## Fire extinguishers

The CO₂ extinguisher by the kiln door is for electrical fires; the water extinguisher by the exit is
for wood and paper. Both are checked on the first Monday of each month.
`;

const PRESS_SAFETY = `The hydraulic press cuts and forms the stove bodies from sheet steel.

## Rules

1. Only trained operators run the press; the trained list is on the notice board.
2. Both hands on the two-hand control, every stroke. Never tape or wedge a control.
3. Keep the light curtain clean; if it trips without reason, stop and report it.
4. Lock out the press (padlock on the isolator, your own tag) before changing a die or clearing a jam.

## Daily check

| Check | How |
| --- | --- |
| Light curtain | Pass the test rod through it: the press must stop |
| Oil level | Between the marks on the sight glass |
| Guards | All in place and bolted |

Write the check in the press logbook with your name.
`;

const STOVE_INSPECTION_V1 = `Every assembled stove is inspected before its stove ID is coupled.

- [ ] Body: no dents, sharp edges or gaps at the seams
- [ ] Liner: seated, no cracks
- [ ] Door and handles: open and close freely, handles tight
- [ ] Pot rest: level, three supports welded
- [ ] Paint: even, no bare steel
`;

const STOVE_INSPECTION_V2 = `${STOVE_INSPECTION_V1}- [ ] Label: stove ID sticker straight and readable, matches the scanned code

A stove that fails any check goes to the rework rack with a red tag naming the check.
`;

const STOVE_INSPECTION_V3 = `${STOVE_INSPECTION_V2}
## Sampling

The supervisor re-inspects one stove in twenty at random and records the result in the quality log.
Two failures in a day stop the line until the cause is found.
`;

const STEEL_RECEIVING = `When a steel delivery arrives:

1. Compare the delivery note with the purchase order: grade, thickness and number of sheets.
2. Measure the thickness of three sheets with the micrometer; the tolerance is ±0.1 mm.
3. Look for rust and bent corners; photograph any damage before signing.
4. Record the delivery in **Steel Records** as *received* the same day, with the delivery note number.

Refuse a delivery with the wrong grade; sign for the rest "received with remarks".
`;

const SHIFT_ROTA = `## Shifts

| Shift | Hours | Break |
| --- | --- | --- |
| Morning | 06:00 – 14:00 | 10:00 – 10:30 |
| Afternoon | 14:00 – 22:00 | 18:00 – 18:30 |

The rota for the next two weeks is posted every Thursday by the factory manager.

## Swapping a shift

Agree the swap with a colleague of the same role, then tell your supervisor at least **24 hours**
before. A swap that leaves a line without a trained press operator is not allowed.
`;

const LEAVE_REQUESTS = `Annual leave is requested at least two weeks in advance on the leave form, signed by your
supervisor and handed to the factory manager. Sick leave of more than two days needs a doctor's note.

Public holidays are on the company calendar in this application.
`;

const DISPATCH = `How finished stoves leave the factory.

## Before loading

- Every stove on the order is **validated** and scanned on the sales order; the system refuses the
  rest.
- Print the delivery note from the sales order and check the count against the pallets.

## Loading

- Stoves travel upright, at most four high, with cardboard between layers.
- The driver signs the delivery note; keep the white copy.

## Transfers between factories

Stove transfers are sent in **Stove Transfer** and confirmed by the receiving factory when the
stoves arrive. Count them on arrival before confirming; confirm only what you received.
`;

const FIRST_AID = `## First-aid kits

There is a first-aid kit at the entrance of every workshop and in the kiln area. The trained first
aiders of each shift are named on the notice board.

## Burns

Cool the burn under clean running water for **20 minutes**. Do not burst blisters or put on creams.
Cover with cling film and see the first aider.

## Emergency numbers

- Fire, ambulance, police: **999** or **112**
- Shift supervisor: the number on the notice board

Every injury, however small, goes in the accident book the same day.
`;

const PAGES: DemoPage[] = [
  { slug: 'kiln-safety', title: 'Kiln safety', section: 'Safety', body: KILN_SAFETY_V1, edits: [KILN_SAFETY_V2] },
  { slug: 'first-aid', title: 'First aid and emergencies', section: 'Safety', body: FIRST_AID },
  { slug: 'press-safety', title: 'Hydraulic press safety', section: 'Safety', body: PRESS_SAFETY },
  {
    slug: 'stove-inspection-checklist',
    title: 'Stove inspection checklist',
    section: 'Quality',
    body: STOVE_INSPECTION_V1,
    edits: [STOVE_INSPECTION_V2, STOVE_INSPECTION_V3],
  },
  { slug: 'steel-receiving', title: 'Receiving steel deliveries', section: 'Quality', body: STEEL_RECEIVING },
  { slug: 'shift-rota', title: 'Shift rota and swaps', section: 'HR', body: SHIFT_ROTA },
  { slug: 'leave-requests', title: 'Leave requests', section: 'HR', body: LEAVE_REQUESTS },
  { slug: 'dispatch-procedure', title: 'Dispatch procedure', section: 'Logistics', body: DISPATCH },
];

/** Idempotent: nothing happens when any page exists. Returns the number of pages written. */
export async function seedDemoDocumentation(db: Database, adminId: string | undefined): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(docPages);
  if ((existing?.n ?? 0) > 0) return 0;
  const actor = adminId ? await loadActor(db, adminId) : null;
  if (!actor) throw new Error('demo documentation: the demo Admin is missing');
  for (const page of PAGES) {
    let saved = await createDocPage(db, actor, {
      slug: page.slug,
      title: page.title,
      section: page.section,
      body: page.body,
    });
    for (const body of page.edits ?? []) {
      saved = await updateDocPage(db, actor, page.slug, { body, version: saved.version });
    }
  }
  return PAGES.length;
}
