/** The ceiling: a bare Node http server answering every request with one file's bytes. */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = [process.argv[2], Number(process.argv[3])];
if (!file || !port) {
  console.error('usage: static-server.ts FILE PORT');
  process.exit(2);
}
const body = readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log('ready'));
