/**
 * A small history-based router: enough for a storefront, no dependency. Routes are plain
 * patterns (`/products/:slug`); `matchRoute` is pure (unit-tested), the hooks read the address
 * bar through `useSyncExternalStore`, and `<Link>` navigates without reloading the page.
 */
import {
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { withQuery } from '@vitrine/shop-ui/lib/paths';

/** A route: a name and a pattern whose `:name` segments become params. */
export interface RouteDefinition<Name extends string = string> {
  name: Name;
  path: string;
}

/** The route the address matched, with its decoded params. */
export interface RouteMatch<Name extends string = string> {
  name: Name;
  params: Readonly<Record<string, string>>;
}

/**
 * The params of `pathname` under `pattern`, or `null` when it does not match. A trailing slash
 * is ignored; params are URL-decoded; a segment that cannot be decoded does not match.
 *
 * @example matchPath('/products/:slug', '/products/classic-tee') // { slug: 'classic-tee' }
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = splitPath(pattern);
  const got = splitPath(pathname);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const expected = want[i]!;
    const actual = got[i]!;
    if (expected.startsWith(':')) {
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return null;
      }
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}

/** The first route whose pattern matches `pathname`, or `undefined`. */
export function matchRoute<Name extends string>(
  routes: readonly RouteDefinition<Name>[],
  pathname: string,
): RouteMatch<Name> | undefined {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { name: route.name, params };
  }
  return undefined;
}

/**
 * Fills a pattern's params (URL-encoded) and appends a query string built from `search`
 * (empty and undefined values left out).
 *
 * @example buildPath('/collections/:slug', { slug: 'outdoor' }, { sort: 'price-asc' })
 * // '/collections/outdoor?sort=price-asc'
 */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string>> = {},
  search: Readonly<Record<string, string | undefined>> = {},
): string {
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`buildPath: missing param "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
  return withQuery(path, search);
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/* ───────────────────────────── the address bar ───────────────────────────── */

const NAVIGATE_EVENT = 'vitrine:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const currentHref = (): string => window.location.href;

/** The current address: `pathname`, `search` (as `URLSearchParams`) and `hash`. */
export interface CurrentLocation {
  pathname: string;
  search: URLSearchParams;
  hash: string;
  /** Path, query and hash: what `navigate` takes. */
  path: string;
}

/** The current address; re-renders on every navigation (links, back and forward). */
export function useLocation(): CurrentLocation {
  const href = useSyncExternalStore(subscribe, currentHref, () => 'http://localhost/');
  return useMemo(() => {
    const url = new URL(href);
    return {
      pathname: url.pathname,
      search: url.searchParams,
      hash: url.hash,
      path: `${url.pathname}${url.search}${url.hash}`,
    };
  }, [href]);
}

/** Options of {@link navigate}. */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. @default false */
  replace?: boolean;
  /** Keep the scroll position (for a change of sort or filter on the same page). @default false */
  keepScroll?: boolean;
}

/** Goes to a path of this site without reloading the page. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  if (url.href !== window.location.href) {
    if (options.replace) window.history.replaceState(null, '', url.href);
    else window.history.pushState(null, '', url.href);
  }
  if (!options.keepScroll) window.scrollTo(0, 0);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** Props of {@link Link}: an `<a>` whose `to` is a path of this site. */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  children?: ReactNode;
}

/**
 * A real link (middle-click, copy address and "open in new tab" work) that navigates in place
 * on a plain click.
 */
export function Link({ to, replace = false, onClick, children, ...rest }: LinkProps): ReactNode {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (rest.target !== undefined && rest.target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return (
    <a href={to} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
