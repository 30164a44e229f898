/** `npm run demo`: the server with an embedded database (./data/demo unless DATA_DIR is set) and demo data. */
import { seedDemoData } from '../src/server/demo/seed';
import { startServer } from '../src/server/start';

process.env.DATA_DIR ??= './data/demo';

startServer({
  banner: 'Stove back office (demo)',
  beforeListen: async (handle) => {
    const seeded = await seedDemoData(handle.db);
    if (Object.values(seeded).some((n) => n > 0)) {
      console.log(
        `  Demo data: ${seeded.factories} factories, ${seeded.users} users, ${seeded.partners} partners, ` +
          `${seeded.stoveIds} stove IDs, ${seeded.steelRecords} steel records, ${seeded.ckdDocuments} CKD records and ` +
          `transfers, ${seeded.salesPrices} sales prices, ${seeded.stoveReports} stove reports, ${seeded.productivity} targets and daily reports, ` +
          `${seeded.inventoryEntries} inventory entries, ${seeded.salesOrders} sales orders, ` +
          `${seeded.announcements} announcements, ${seeded.calendarEvents} calendar events and ` +
          `${seeded.documentationPages} documentation pages added ` +
          `(logins in README.md).`,
      );
    }
  },
}).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
