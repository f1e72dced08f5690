'use strict';

// A local HTTP endpoint standing in for Zapier's hook URLs: it keeps every delivery (headers and
// the raw body) and answers 200, as Zapier does.

const http = require('node:http');

// Zapier hands a live hook's headers to perform as `Http-Webhook-Id` and so on.
const asZapierHeaders = (headers) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      `Http-${name.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('-')}`,
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );

const startReceiver = async () => {
  const deliveries = [];
  const waiters = [];
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const delivery = { path: request.url, headers: request.headers, raw, body };
      deliveries.push(delivery);
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"status":"ok"}');
      for (const waiter of [...waiters]) {
        if (waiter.matches(delivery)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(delivery);
        }
      }
    });
  });
  // A fixed port when the environment names one (WORKTOP_ZAPIER_RECEIVER_PORT), else any free one.
  const port = Number(process.env.WORKTOP_ZAPIER_RECEIVER_PORT || 0);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;

  return {
    url: (path) => `${base}/${path}`,
    deliveries,
    // The first delivery (already here or to come) for which `matches` holds.
    waitFor: (matches, timeoutMs = 25000, what = 'a delivery') => {
      const seen = deliveries.find(matches);
      if (seen) {
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const waiter = { matches, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          if (waiters.includes(waiter)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            reject(new Error(`no ${what} within ${timeoutMs} ms (${deliveries.length} received)`));
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
};

module.exports = { asZapierHeaders, startReceiver };
