import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where Swagger UI's files are served from (both versions share them). */
export const DOCS_ASSETS_PREFIX = '/api/docs';

/** One file of the docs page: its bytes and content type. */
export interface DocsAsset {
  readonly body: Buffer | string;
  readonly contentType: string;
}

/**
 * Reads the initializer without inline script, so the docs page runs under a `script-src 'self'`
 * policy: the document's URL comes from the `data-url` attribute of the page's root element.
 */
const INITIALIZER = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/**
 * Swagger UI's bundle and stylesheet from the swagger-ui-dist package in node_modules (no CDN), read
 * once at start, plus the initializer above.
 */
export function loadSwaggerUiAssets(): ReadonlyMap<string, DocsAsset> {
  const dist = dirname(createRequire(__filename).resolve('swagger-ui-dist/package.json'));
  const file = (name: string, contentType: string): [string, DocsAsset] => [
    name,
    { body: readFileSync(join(dist, name)), contentType },
  ];
  return new Map([
    file('swagger-ui.css', 'text/css; charset=utf-8'),
    file('swagger-ui-bundle.js', 'application/javascript; charset=utf-8'),
    file('favicon-32x32.png', 'image/png'),
    ['swagger-initializer.js', { body: INITIALIZER, contentType: 'application/javascript' }],
  ]);
}

/** The page at /api/v2/ and /api/v3/: Swagger UI over that version's document. */
export function swaggerUiPage(title: string, documentUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PREFIX}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_ASSETS_PREFIX}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui" data-url="${documentUrl}"></div>
<script src="${DOCS_ASSETS_PREFIX}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS_PREFIX}/swagger-initializer.js"></script>
</body>
</html>
`;
}
