/**
 * The render floor: a bare Node http server answering every request with renderToString of one
 * page's template and props (read from what the page hydrates with: its preloaded JSON and its
 * site's chrome), nothing around it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { renderToString } from 'react-dom/server';
import App from '../client/App';
import type { PageData } from '../client/lib/page-data';
import { ALL_TEMPLATES } from '../client/templates/all';
import type { TemplateName } from '../client/templates/index';

const [file, port] = [process.argv[2], Number(process.argv[3])];
if (!file || !port) {
  console.error('usage: bare-render-server.tsx PAGE_DATA_JSON_FILE PORT');
  process.exit(2);
}
const { template, props, context, layout } = JSON.parse(readFileSync(file, 'utf8')) as PageData;
const component = ALL_TEMPLATES[template as TemplateName];
if (!component) throw new Error(`Unknown template "${template}"`);
http
  .createServer((_req, res) => {
    const body = renderToString(<App template={component} props={props} context={context} layout={layout} />);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log('ready'));
