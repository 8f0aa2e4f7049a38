/**
 * The anchor of `npm run bench`: bare Hono on the same @hono/node-server adapter as the platform,
 * one POST route that parses the JSON body and returns a constant. Run as its own process:
 * `tsx tests/bench/wrk/bare-hono.ts <port>`; prints `listening <port>` once ready.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.argv[2] ?? 0);
const app = new Hono();
app.post('/anchor', async (c) => {
  JSON.parse(await c.req.text());
  return c.json({ success: '1', message: '' });
});
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => process.stdout.write(`listening ${info.port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
