/** `npm start`: the server for real use. */
import { startServer } from './start';

startServer().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
