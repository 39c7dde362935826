// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('server safety', () => {
  it('imports on a server, with no window or document, and exports every hook', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const react = await import('../index.js');
    for (const name of [
      'StoreProvider',
      'useStoreClient',
      'useSession',
      'useCart',
      'useAddToCart',
      'useUpdateCart',
      'useUpdateLineItemQuantity',
      'useRemoveLineItems',
      'useApplyCoupon',
      'useRemoveCoupon',
      'useEstimateTotals',
      'useCheckout',
      'useProducts',
      'useInfiniteProducts',
      'useProduct',
      'useCollections',
      'useCollection',
      'useProductOptionsAvailability',
      'useVariants',
      'useLogin',
      'useRegister',
      'useVerifyEmail',
      'usePasswordReset',
      'useLoginWithRedirect',
      'useRedirectCallback',
      'useLogout',
    ]) {
      expect(typeof (react as Record<string, unknown>)[name], name).toBe('function');
    }
    // The core comes along, so apps install one package.
    expect(typeof react.createStoreClient).toBe('function');
  });

  it("marks every file that uses hooks with 'use client'", () => {
    const hookFiles = sourceFiles(srcDir).filter((file) =>
      /\buse(State|Effect|Context|Ref|Callback|SyncExternalStore|Query|InfiniteQuery|Mutation)\(/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(hookFiles.length).toBeGreaterThan(5);
    for (const file of hookFiles) {
      expect(readFileSync(file, 'utf8').startsWith("'use client';"), file).toBe(true);
    }
  });
});
