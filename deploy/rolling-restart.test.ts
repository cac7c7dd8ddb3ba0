import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../apps/api/test/helpers.js';
import { startS3Server } from '../apps/api/test/s3-server.js';
import { processDatabase } from '../apps/api/test/server-process.js';
import { nginxBinary, startTopology, type Topology } from './local-topology.js';

/**
 * The production topology on this machine (deploy/local-topology.ts): nginx in front of three
 * instances on one PostgreSQL database, media in object storage. Under steady load through
 * nginx, the instances are restarted one after another, as a deploy does: not one request may
 * fail, and nginx's log must show that all three served. Needs nginx from the OS packages
 * (.ci/run installs it; this test installs nothing and says so when it is missing).
 */

const ADMIN = { email: 'ops@example.test', password: 'Quiet-Harbor-Lantern-Orbit' };
const SHIPPING = {
  shipping_name: 'Somchai Jaidee',
  shipping_email: 'somchai@example.test',
  shipping_contact: '+66812345678',
  shipping_address1: '99 Sukhumvit Road',
  shipping_address2: '',
  shipping_district: 'Watthana',
  shipping_subDistrict: 'Khlong Toei Nuea',
  shipping_state: 'Bangkok',
  shipping_zip: '10110',
  shipping_country: { value: 'TH', label: 'Thailand' },
};

interface Outcome {
  what: string;
  status: number | string;
}

/**
 * One request on a connection of its own. nginx closes its idle client connections when it
 * reloads (each restart step reloads it twice), and a client that sends on one at that moment
 * sees it close before any answer; browsers send such a request again by themselves. What this
 * test counts is what nginx and the instances answer, so its client keeps no idle connections
 * for that race (docs/decisions/0047).
 */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

for (const dialect of DIALECTS.filter((d) => d === 'postgres')) {
  describe(`three instances behind nginx [${dialect}]`, () => {
    let topology: Topology | undefined;
    let database: Awaited<ReturnType<typeof processDatabase>> | undefined;
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
    let token = '';

    beforeAll(async () => {
      nginxBinary(); // a clear message when nginx is missing, before anything else starts
      database = await processDatabase(dialect);
      s3 = await startS3Server();
      topology = await startTopology({
        databaseUrl: database.env.DATABASE_URL!,
        entry: 'source',
        env: { ...s3.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SHUTDOWN_DRAIN_MS: '1500', LOG_REQUESTS: 'false' },
      });
      const signedIn = await fetch(`${topology.url}/api/auth/local/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userName: ADMIN.email, password: ADMIN.password }) });
      token = ((await signedIn.json()) as { data: { accessToken: { token: string } } }).data.accessToken.token;
    }, 120_000);
    afterAll(async () => {
      await topology?.stop();
      await s3?.dispose();
      await database?.dispose();
    });

    const auth = () => ({ authorization: `Bearer ${token}` });

    it('an image uploaded through one instance is served by every instance and through nginx', async () => {
      const png = await sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 90, g: 40, b: 160 } } }).png().toBuffer();
      const form = new FormData();
      for (const [name, value] of Object.entries({ firstName: 'Ops', lastName: 'Team', phone: '+447700900123', birthday: '1990-12-10' })) form.append(name, value);
      form.append('img', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      const [first, ...others] = topology!.instances;
      const edited = await fetch(`${first!.baseUrl}/api/user/edit_profile`, { method: 'POST', headers: auth(), body: form });
      expect(edited.status, await edited.clone().text()).toBe(200);
      const { img } = ((await edited.json()) as { data: { img: string } }).data;
      for (const base of [...others.map((o) => o.baseUrl), topology!.url]) {
        const served = await fetch(`${base}${img}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(256);
      }
    });

    it('restarts the three instances one after another under steady load with zero failed requests, and all three served', { timeout: 240_000 }, async () => {
      const t = topology!;
      const product = ((await (await fetch(`${t.url}/api/ecommerce/SelProductShop`, { method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify({ sort: 'newest' }) })).json()) as { data: { items: { id: number; stock: number }[] } }).data.items.find((p) => p.stock >= 50)!;
      const outcomes: Outcome[] = [];
      let stopped = false;
      const send = async (what: string, path: string, init: Parameters<typeof request>[1] = {}) => {
        try {
          const response = await request(`${t.url}${path}`, init);
          outcomes.push({ what, status: response.status });
          return response.status < 300 ? (JSON.parse(response.text) as { data: Record<string, unknown> }) : undefined;
        } catch (error) {
          outcomes.push({ what, status: String(error) });
          return undefined;
        }
      };
      const json = (body: object) => ({ method: 'POST', headers: { ...auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // Reads and writes, signed in and not: what a shop does all day.
      const loops = [
        async () => send('catalog', '/api/ecommerce/SelProductShop', json({ search: 'cotton' })),
        async () => send('product', `/api/ecommerce/product/${product.id}`, { headers: auth() }),
        async () => send('featured', '/api/public/featured'),
        async () => send('wallet', '/api/gx/Userdata', json({})),
        async () => {
          const created = await send('order', '/api/ecommerce/CreateEcomOrder', json({ list: [{ id: product.id, qty: 1 }], shipping: SHIPPING }));
          const orderNo = created?.data.orderNo as string | undefined;
          if (orderNo) await send('cancel', `/api/ecommerce/CancelOrderEcom?orderNo=${orderNo}`, { method: 'POST', headers: auth() });
        },
      ];
      const running = loops.flatMap((loop) =>
        [0, 1].map(async () => {
          while (!stopped) await loop();
        }),
      );
      const waitFor = async (n: number) => {
        while (outcomes.length < n) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      try {
        await waitFor(200);
        for (let i = 0; i < t.instances.length; i++) {
          await t.restart(i);
          await waitFor(outcomes.length + 100); // traffic on the restarted set before the next one goes
        }
      } finally {
        stopped = true;
        await Promise.all(running);
      }

      const failed = outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 400);
      expect(failed, JSON.stringify(failed.slice(0, 10))).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(500);
      // nginx's log: every instance answered requests, and none answered with an error.
      const log = t.accessLog();
      const servedBy = new Map<string, number>();
      for (const line of log) for (const upstream of line.upstreams) servedBy.set(upstream, (servedBy.get(upstream) ?? 0) + 1);
      for (const instance of t.instances) expect(servedBy.get(`127.0.0.1:${instance.port}`) ?? 0, `requests served by ${instance.port}: ${JSON.stringify([...servedBy])}`).toBeGreaterThan(50);
      expect(log.filter((line) => line.status >= 400)).toEqual([]);
      const passedOn = log.filter((line) => line.upstreams.length > 1).length;
      console.log(`rolling restart: ${outcomes.length} requests, 0 failed; served by ${JSON.stringify(Object.fromEntries(servedBy))}; passed on to another instance by nginx: ${passedOn}`);
      // The stock every order took was given back by its cancellation: nothing was done twice or lost.
      const after = ((await (await fetch(`${t.url}/api/ecommerce/product/${product.id}`, { headers: auth() })).json()) as { data: { stock: number } }).data.stock;
      expect(after).toBe(product.stock);
    });
  });
}
