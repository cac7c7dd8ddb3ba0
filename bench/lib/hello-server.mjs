// Bare node:http baseline: the same envelope and size class as GET /api/health.
import http from 'node:http';

const body = JSON.stringify({ status: true, msg: 'OK', data: {} });
const port = Number(process.env.PORT ?? 0);

http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(port, '127.0.0.1');
