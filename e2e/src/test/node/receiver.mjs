// Webhook receiver for WebhookDeliveryE2E. Verifies every request with the standardwebhooks npm library
// (an implementation independent of the dispatcher's Java signer), answers by a per-webhook-id plan, and
// records everything for the test to inspect.
//   PORT=0 node receiver.mjs   → prints "listening <port>" once ready
// Control (JSON): POST /control/secret {secret}, POST /control/plan {actions: ["500","hang","200"]},
//                 GET /control/log → [{webhook_id, webhook_timestamp, received_at_ms, verified, error, action, body}]
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

let secret = null;
let plan = [];
const HANG_MS = Number(process.env.HANG_MS || 5000);
const seen = new Map();
const log = [];

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const server = http.createServer(async (req, res) => {
  const body = await readBody(req);
  if (req.url === '/control/secret' && req.method === 'POST') {
    secret = JSON.parse(body.toString('utf8')).secret;
    res.writeHead(204).end();
    return;
  }
  if (req.url === '/control/plan' && req.method === 'POST') {
    plan = JSON.parse(body.toString('utf8')).actions;
    res.writeHead(204).end();
    return;
  }
  if (req.url === '/control/log' && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(log));
    return;
  }
  if (req.url !== '/hook' || req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  const id = req.headers['webhook-id'];
  let verified = false;
  let error = null;
  try {
    new Webhook(secret).verify(body.toString('utf8'), {
      'webhook-id': id,
      'webhook-timestamp': req.headers['webhook-timestamp'],
      'webhook-signature': req.headers['webhook-signature'],
    });
    verified = true;
  } catch (e) {
    error = String(e && e.message ? e.message : e);
  }
  const n = (seen.get(id) || 0) + 1;
  seen.set(id, n);
  const action = verified ? (plan[n - 1] || '200') : '400';
  log.push({
    webhook_id: id,
    webhook_timestamp: req.headers['webhook-timestamp'],
    received_at_ms: Date.now(),
    verified,
    error,
    action,
    body: body.toString('utf8'),
  });
  if (action === 'hang') {
    setTimeout(() => { try { res.writeHead(200).end(); } catch (e) { /* sender gone */ } }, HANG_MS);
    return;
  }
  res.writeHead(Number(action)).end();
});

server.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
