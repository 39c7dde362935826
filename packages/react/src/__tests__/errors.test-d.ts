import { describe, expectTypeOf, it } from 'vitest';
import type { VitrineError } from '@vitrine/sdk';
import { useLogin, usePasswordReset, useRedirectCallback } from '../auth/hooks.js';
import { useAddToCart, useApplyCoupon, useCheckout } from '../cart/mutations.js';
import { useCollection, useInfiniteProducts, useProduct } from '../catalog/hooks.js';

// Type tests (checked by `tsc` and by vitest's typecheck mode, never run): every hook's error is
// the SDK's error root, so a component reads `code` and `retryable` without a cast.

describe('hook error types', () => {
  it('types mutation errors as VitrineError', () => {
    expectTypeOf(useAddToCart().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useApplyCoupon().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useCheckout().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useLogin().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(usePasswordReset().recover.error).toEqualTypeOf<VitrineError | null>();
  });

  it('types query errors as VitrineError', () => {
    expectTypeOf(useProduct('p1').error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useCollection({ slug: 'a' }).error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useInfiniteProducts().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useRedirectCallback().error).toEqualTypeOf<VitrineError | null>();
    expectTypeOf(useAddToCart().error?.code).toEqualTypeOf<string | undefined>();
  });
});
