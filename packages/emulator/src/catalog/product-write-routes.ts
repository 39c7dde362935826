/**
 * Merchant-side product writes (platform-wire.md "Catalog write"). The emulator allows them for
 * any valid token, visitor or member, to keep local development simple (README says so).
 * Each write validates fully before changing anything, persists, then emits its webhooks.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerOf } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, notFound, validationError } from '../http/errors.js';
import { emptyBody } from '../http/schema.js';
import { randomId } from '../oauth/secrets.js';
import { identityOf } from '../webhooks/publisher.js';
import * as events from '../webhooks/events.js';
import {
  applyProductInput,
  blankProduct,
  bulkAdjustBody,
  bulkUpdateBody,
  checkMediaUrl,
  choiceMediaBody,
  emulatorMedia,
  mediaAddBody,
  mediaDeleteBody,
  productCreateBody,
  productUpdateBody,
  uniqueSlug,
  variantsUpdateBody,
} from './inputs.js';
import type { ProductRecord } from './model.js';
import { renderProductVariant } from './render.js';
import {
  allProducts,
  deleteProduct as removeProduct,
  editableProduct,
  getProduct,
  productView,
  saveProduct,
} from './store.js';

type C = Context<AppEnv>;

/** The catalog write routes. */
export function productWriteRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const merchantView = (p: ProductRecord) =>
    productView(p, { baseUrl: ctx.baseUrl, merchant: true, variants: true });
  const who = (c: C) => identityOf(callerOf(c));

  const requireProduct = (id: string): ProductRecord => {
    const product = getProduct(ctx, id);
    if (!product) throw notFound('No product has this id');
    return product;
  };
  const slugTaken = (selfId: string) => (slug: string) =>
    allProducts(ctx).some((p) => p.slug === slug && p.id !== selfId);

  const createProduct = async (c: C) => {
    const { product: input } = await readBody(c, productCreateBody);
    const id = randomId();
    const numericId = String(
      Math.max(1000, ...allProducts(ctx).map((p) => Number(p.numericId) || 0)) + 1,
    );
    const product = blankProduct(id, ctx.nowIso(), numericId);
    applyProductInput(product, input, 'product', slugTaken(id));
    if (!product.slug) product.slug = uniqueSlug(product.name, slugTaken(id));
    if (product.productOptions.length === 0)
      product.variants = product.variants.map((v) => ({ ...v, sku: product.sku }));
    const saved = saveProduct(ctx, product);
    await ctx.store.commit();
    const wire = merchantView(saved);
    ctx.webhooks.emit(events.productCreated(who(c), wire));
    return c.json({ product: wire });
  };

  const updateProduct = async (c: C) => {
    const id = c.req.param('id') ?? '';
    const { product: input } = await readBody(c, productUpdateBody);
    if (input.id !== undefined && input.id !== id)
      throw fieldError('product.id', 'must match the id in the path', 'VALIDATION');
    const product = editableProduct(requireProduct(id));
    const { id: _ignored, ...fields } = input;
    const changed = applyProductInput(product, fields, 'product', slugTaken(id));
    const saved = saveProduct(ctx, product);
    await ctx.store.commit();
    ctx.webhooks.emit(events.productChanged(who(c), id, changed));
    return c.json({ product: merchantView(saved) });
  };

  const deleteProduct = async (c: C) => {
    const id = c.req.param('id') ?? '';
    requireProduct(id);
    removeProduct(ctx, id);
    await ctx.store.commit();
    ctx.webhooks.emit(events.productDeleted(who(c), id));
    return c.json({});
  };

  /** Edits a copy of a product, saves it and emits ProductChanged. */
  const editProduct = async (c: C, changedFields: string[], edit: (p: ProductRecord) => void) => {
    const id = c.req.param('id') ?? '';
    const product = editableProduct(requireProduct(id));
    edit(product);
    saveProduct(ctx, product);
    await ctx.store.commit();
    ctx.webhooks.emit(events.productChanged(who(c), id, changedFields));
    return c.json({});
  };

  app.post('/stores/v1/products', createProduct);
  app.post('/stores/v2/products-platformized', createProduct);
  app.patch('/stores/v1/products/:id', updateProduct);
  app.patch('/stores/v2/products-platformized/:id', updateProduct);
  app.delete('/stores/v1/products/:id', deleteProduct);
  app.delete('/stores/v2/products-platformized/:id', deleteProduct);

  app.patch('/stores/v1/products/:id/variants', async (c) => {
    const id = c.req.param('id');
    const body = await readBody(c, variantsUpdateBody);
    const product = editableProduct(requireProduct(id));
    const v: FieldViolation[] = [];
    const changes = new Map<string, Set<string>>();
    body.variants.forEach((update, i) => {
      const field = `variants[${i}]`;
      if (!update.choices && !update.variantIds) {
        v.push({
          field,
          description: 'must name choices or variantIds',
          violatedRule: 'REQUIRED_FIELD',
        });
        return;
      }
      let targets = product.variants;
      if (update.variantIds) {
        for (const variantId of update.variantIds) {
          if (!product.variants.some((x) => x.id === variantId))
            v.push({
              field: `${field}.variantIds`,
              description: 'names a variant this product does not have',
              violatedRule: 'VALIDATION',
            });
        }
        targets = targets.filter((x) => update.variantIds!.includes(x.id));
      }
      if (update.choices) {
        for (const [name, choice] of Object.entries(update.choices)) {
          const option = product.productOptions.find((o) => o.name === name);
          if (!option?.choices.some((ch) => ch.description === choice))
            v.push({
              field: `${field}.choices.${name}`,
              description: 'is not a choice of this product',
              violatedRule: 'VALIDATION',
            });
        }
        targets = targets.filter((x) =>
          Object.entries(update.choices!).every(([k, ch]) => x.choices[k] === ch),
        );
      }
      for (const target of targets) {
        const fields = changes.get(target.id) ?? new Set<string>();
        if (update.price !== undefined) {
          target.price = update.price;
          fields.add('price');
        }
        if (update.cost !== undefined) {
          target.cost = update.cost;
          fields.add('cost');
        }
        if (update.weight !== undefined) {
          target.weight = update.weight;
          fields.add('weight');
        }
        if (update.sku !== undefined) {
          target.sku = update.sku;
          fields.add('sku');
        }
        if (update.visible !== undefined) {
          target.visible = update.visible;
          fields.add('visible');
        }
        changes.set(target.id, fields);
      }
    });
    if (v.length > 0) throw validationError(v);
    const saved = saveProduct(ctx, product);
    await ctx.store.commit();
    ctx.webhooks.emit(
      events.variantsChanged(
        who(c),
        id,
        [...changes].map(([variantId, f]) => ({ variantId, changedFields: [...f] })),
      ),
    );
    return c.json({
      variants: saved.variants
        .filter((x) => changes.has(x.id))
        .map((x) => renderProductVariant(saved, x, true)),
    });
  });

  app.post('/stores/v1/products/:id/variants/resetToDefault', async (c) => {
    await readBody(c, emptyBody);
    const id = c.req.param('id');
    const product = editableProduct(requireProduct(id));
    product.variants = product.variants.map(({ price: _p, cost: _c, weight: _w, ...rest }) => ({
      ...rest,
      visible: true,
    }));
    saveProduct(ctx, product);
    await ctx.store.commit();
    ctx.webhooks.emit(
      events.variantsChanged(
        who(c),
        id,
        product.variants.map((x) => ({
          variantId: x.id,
          changedFields: ['price', 'cost', 'weight', 'visible'],
        })),
      ),
    );
    return c.json({});
  });

  app.post('/stores/v1/products/:id/media', async (c) => {
    const body = await readBody(c, mediaAddBody);
    const product = requireProduct(c.req.param('id'));
    const v: FieldViolation[] = [];
    body.media.forEach((m, i) => {
      if ((m.mediaId === undefined) === (m.url === undefined))
        v.push({
          field: `media[${i}]`,
          description: 'must have exactly one of mediaId and url',
          violatedRule: 'ONE_OF_ALIGNMENT',
        });
      if (m.url !== undefined) checkMediaUrl(m.url, `media[${i}].url`, v);
      if (m.choice) {
        const option = product.productOptions.find((o) => o.name === m.choice!.option);
        if (!option?.choices.some((ch) => ch.description === m.choice!.choice))
          v.push({
            field: `media[${i}].choice`,
            description: 'is not a choice of this product',
            violatedRule: 'VALIDATION',
          });
      }
    });
    if (product.media.length + body.media.length > 100)
      v.push({
        field: 'media',
        description: 'would give the product more than 100 media items',
        violatedRule: 'MAX_SIZE',
      });
    if (v.length > 0) throw validationError(v);
    return editProduct(c, ['media'], (p) => {
      for (const m of body.media) {
        const media =
          m.mediaId !== undefined
            ? emulatorMedia(m.mediaId, p.name)
            : { id: randomId(), url: m.url!, width: 800, height: 800, title: p.name };
        if (!p.media.some((x) => x.id === media.id)) p.media.push(media);
        if (m.choice) {
          const choice = p.productOptions
            .find((o) => o.name === m.choice!.option)
            ?.choices.find((ch) => ch.description === m.choice!.choice);
          if (choice && !choice.mediaIds.includes(media.id)) choice.mediaIds.push(media.id);
        }
      }
    });
  });

  app.post('/stores/v1/products/:id/media/delete', async (c) => {
    const body = await readBody(c, mediaDeleteBody);
    requireProduct(c.req.param('id'));
    return editProduct(c, ['media'], (p) => {
      const remove =
        body.mediaIds && body.mediaIds.length > 0
          ? new Set(body.mediaIds)
          : new Set(p.media.map((m) => m.id));
      p.media = p.media.filter((m) => !remove.has(m.id));
      for (const option of p.productOptions)
        for (const choice of option.choices)
          choice.mediaIds = choice.mediaIds.filter((m) => !remove.has(m));
    });
  });

  const choiceMedia = (mode: 'add' | 'remove') => async (c: C) => {
    const body = await readBody(c, choiceMediaBody);
    const product = requireProduct(c.req.param('id') ?? '');
    const v: FieldViolation[] = [];
    body.media.forEach((m, i) => {
      const option = product.productOptions.find((o) => o.name === m.option);
      if (!option?.choices.some((ch) => ch.description === m.choice))
        v.push({
          field: `media[${i}].choice`,
          description: 'is not a choice of this product',
          violatedRule: 'VALIDATION',
        });
      if (mode === 'add' && m.mediaIds.some((id) => !product.media.some((x) => x.id === id)))
        v.push({
          field: `media[${i}].mediaIds`,
          description: 'names media the product does not have',
          violatedRule: 'VALIDATION',
        });
    });
    if (v.length > 0) throw validationError(v);
    return editProduct(c, ['productOptions'], (p) => {
      for (const m of body.media) {
        const choice = p.productOptions
          .find((o) => o.name === m.option)
          ?.choices.find((ch) => ch.description === m.choice);
        if (!choice) continue;
        if (mode === 'add') choice.mediaIds = [...m.mediaIds];
        else
          choice.mediaIds =
            m.mediaIds.length === 0 ? [] : choice.mediaIds.filter((id) => !m.mediaIds.includes(id));
      }
    });
  };
  app.patch('/stores/v1/products/:id/choices/media', choiceMedia('add'));
  app.post('/stores/v1/products/:id/choices/media/delete', choiceMedia('remove'));

  app.delete('/stores/v1/products/:id/options', async (c) => {
    const product = requireProduct(c.req.param('id'));
    const first = product.variants[0];
    return editProduct(c, ['productOptions', 'variants', 'manageVariants'], (p) => {
      p.productOptions = [];
      p.manageVariants = false;
      p.variants = [
        {
          id: first?.id ?? randomId(),
          choices: {},
          sku: p.sku,
          visible: true,
          trackQuantity: first?.trackQuantity ?? false,
          quantity: first?.quantity ?? 0,
          inStock: true,
        },
      ];
    });
  });

  app.post('/stores/v1/products/:id/remove-brand', async (c) => {
    await readBody(c, emptyBody);
    requireProduct(c.req.param('id'));
    return editProduct(c, ['brand'], (p) => (p.brand = ''));
  });
  app.post('/stores/v1/products/:id/remove-ribbon', async (c) => {
    await readBody(c, emptyBody);
    requireProduct(c.req.param('id'));
    return editProduct(c, ['ribbon'], (p) => (p.ribbon = ''));
  });

  /** Runs a per-product change over `ids`, answering the platform's bulk result shape. */
  const bulk = async (
    c: C,
    ids: string[],
    apply: (p: ProductRecord) => string | undefined,
    fields: string[],
  ) => {
    const results = ids.map((id, originalIndex) => {
      const product = getProduct(ctx, id);
      if (!product)
        return {
          itemMetadata: {
            id,
            originalIndex,
            success: false,
            error: { code: 'NOT_FOUND', description: 'No product has this id' },
          },
        };
      const copy = editableProduct(product);
      const problem = apply(copy);
      if (problem !== undefined)
        return {
          itemMetadata: {
            id,
            originalIndex,
            success: false,
            error: { code: 'INVALID_ARGUMENT', description: problem },
          },
        };
      saveProduct(ctx, copy);
      return { itemMetadata: { id, originalIndex, success: true } };
    });
    await ctx.store.commit();
    for (const r of results)
      if (r.itemMetadata.success)
        ctx.webhooks.emit(events.productChanged(who(c), r.itemMetadata.id, fields));
    const successes = results.filter((r) => r.itemMetadata.success).length;
    return c.json({
      results,
      bulkActionMetadata: {
        totalSuccesses: successes,
        totalFailures: results.length - successes,
        undetailedFailures: 0,
      },
    });
  };

  app.post('/stores/v1/bulk/products/update', async (c) => {
    const { ids, set } = await readBody(c, bulkUpdateBody);
    if (set.price === undefined && set.cost === undefined && set.weight === undefined)
      throw fieldError('set', 'must set price, cost or weight', 'REQUIRED_FIELD');
    const fields = Object.keys(set);
    return bulk(
      c,
      ids,
      (p) => {
        if (set.price !== undefined) p.price = set.price;
        if (set.cost !== undefined) p.cost = set.cost;
        if (set.weight !== undefined) p.weight = set.weight;
        return undefined;
      },
      fields,
    );
  });

  app.post('/stores/v1/bulk/products/adjust-properties', async (c) => {
    const { ids, adjust } = await readBody(c, bulkAdjustBody);
    const v: FieldViolation[] = [];
    for (const [key, a] of Object.entries(adjust)) {
      if ((a.amount === undefined) === (a.percentage === undefined))
        v.push({
          field: `adjust.${key}`,
          description: 'must have exactly one of amount and percentage',
          violatedRule: 'ONE_OF_ALIGNMENT',
        });
    }
    if (Object.keys(adjust).length === 0)
      v.push({
        field: 'adjust',
        description: 'must adjust price, cost or weight',
        violatedRule: 'REQUIRED_FIELD',
      });
    if (v.length > 0) throw validationError(v);
    const step = (value: number, a: { amount?: number; percentage?: number }) =>
      Math.round(
        (a.amount !== undefined ? value + a.amount : value * (1 + (a.percentage ?? 0) / 100)) * 100,
      ) / 100;
    return bulk(
      c,
      ids,
      (p) => {
        const price = adjust.price ? step(p.price, adjust.price) : p.price;
        const cost = adjust.cost ? step(p.cost, adjust.cost) : p.cost;
        const weight = adjust.weight ? step(p.weight, adjust.weight) : p.weight;
        if (price < 0 || cost < 0 || weight < 0)
          return 'The adjustment would make a value negative';
        if (price > 999_999_999 || cost > 999_999_999 || weight > 999_999)
          return 'The adjustment would make a value too large';
        Object.assign(p, { price, cost, weight });
        return undefined;
      },
      Object.keys(adjust),
    );
  });

  return app;
}
