/**
 * What lets a browser that runs no script shop: in the root layout, a `<noscript>` refresh that
 * only such a browser follows (to the same page with `?_vitrine=no-script`, where the proxy marks
 * it; the proxy then renders
 * its pages whole). Nothing for any other browser: it ignores `<noscript>`.
 */
import type { ReactNode } from 'react';
import { NO_SCRIPT_QUERY } from '../shared/paths.js';

/**
 * Put it in the root layout's `<body>`, once. Part of the cached shell: it reads nothing.
 * @example <body><NoScriptSupport />{children}</body>
 */
export function NoScriptSupport(): ReactNode {
  return (
    <noscript
      data-vitrine-no-script=""
      dangerouslySetInnerHTML={{
        __html: `<meta http-equiv="refresh" content="0; url=?${NO_SCRIPT_QUERY.name}=${NO_SCRIPT_QUERY.value}">`,
      }}
    />
  );
}
