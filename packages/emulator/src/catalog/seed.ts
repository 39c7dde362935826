/**
 * The seeded catalog: 60 products in 6 collections, generated deterministically (same ids,
 * prices and stock on every start) so tests and screenshots are stable.
 *
 * Stock is varied on purpose: most items are tracked with plenty in stock, some variants are
 * sold out (PARTIALLY_OUT_OF_STOCK), two products are sold out entirely, a few have only a
 * handful left, and digital goods are not tracked. Images are SVGs the emulator draws itself.
 */
import { drawnMedia, drawnMediaId } from './media-files.js';
import type {
  ChoiceRecord,
  CollectionRecord,
  MediaRecord,
  OptionRecord,
  ProductRecord,
  SeedCatalog,
  VariantRecord,
} from '../models/catalog.js';

/** The date every seeded entity carries, so answers are stable. */
export const SEED_DATE = '2024-01-15T10:00:00.000Z';

/** mulberry32: a tiny PRNG that is plenty for stable fake data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable UUID-shaped id from a PRNG. */
function makeId(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `"Trail Runner 2"` → `"trail-runner-2"`. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** An image the emulator draws for `name` (see catalog/images.ts), its id the SVG's file name. */
function image(name: string, title: string): MediaRecord {
  return drawnMedia(drawnMediaId(name), title);
}

const COLORS: Record<string, string> = {
  Black: '#1f2328',
  White: '#f6f8fa',
  Navy: '#1f3a93',
  Red: '#cf222e',
  Green: '#1a7f37',
  Sand: '#d4b483',
  Gray: '#8c959f',
  Blue: '#0969da',
};

type OptionKind = 'apparel' | 'shoes' | 'color' | 'capacity' | 'paper' | 'none';

interface ProductSpec {
  name: string;
  price: number;
  options: OptionKind;
  ribbon?: string;
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  unit?: [number, string, number, string];
}

interface CollectionSpec {
  name: string;
  description: string;
  brand: string;
  digital?: boolean;
  weight: number;
  products: ProductSpec[];
}

const CATALOG: CollectionSpec[] = [
  {
    name: 'Apparel',
    description: 'Everyday clothing in organic cotton and recycled fibres.',
    brand: 'Northwind',
    weight: 0.3,
    products: [
      { name: 'Classic Crew Tee', price: 24, options: 'apparel', ribbon: 'Bestseller' },
      { name: 'Heavyweight Hoodie', price: 68, options: 'apparel' },
      { name: 'Linen Button Shirt', price: 54, options: 'apparel', ribbon: 'New' },
      {
        name: 'Merino Crew Sweater',
        price: 89,
        options: 'apparel',
        discount: { type: 'PERCENT', value: 20 },
        ribbon: 'Sale',
      },
      { name: 'Canvas Work Jacket', price: 120, options: 'apparel' },
      { name: 'Relaxed Chino', price: 62, options: 'apparel' },
      { name: 'Striped Long Sleeve', price: 38, options: 'apparel' },
      {
        name: 'Quilted Vest',
        price: 79,
        options: 'apparel',
        discount: { type: 'AMOUNT', value: 15 },
        ribbon: 'Sale',
      },
      { name: 'Wool Beanie', price: 22, options: 'color' },
      {
        name: 'Everyday Socks 3-Pack',
        price: 18,
        options: 'none',
        unit: [3, 'UNSPECIFIED', 1, 'UNSPECIFIED'],
      },
    ],
  },
  {
    name: 'Footwear',
    description: 'Shoes and boots for the city and the trail.',
    brand: 'Stride & Co.',
    weight: 0.9,
    products: [
      { name: 'Trail Runner', price: 135, options: 'shoes', ribbon: 'New' },
      { name: 'Court Sneaker', price: 85, options: 'shoes' },
      { name: 'Chelsea Boot', price: 189, options: 'shoes' },
      {
        name: 'Canvas Slip-On',
        price: 49,
        options: 'shoes',
        discount: { type: 'PERCENT', value: 15 },
        ribbon: 'Sale',
      },
      { name: 'Hiking Boot', price: 210, options: 'shoes' },
      { name: 'Recovery Slide', price: 35, options: 'shoes' },
      { name: 'Leather Loafer', price: 145, options: 'shoes' },
      { name: 'Wool Runner', price: 110, options: 'shoes', ribbon: 'Bestseller' },
      { name: 'Waterproof Gaiter', price: 39, options: 'none' },
      { name: 'Shoe Care Kit', price: 29, options: 'none' },
    ],
  },
  {
    name: 'Home & Kitchen',
    description: 'Small things that make a kitchen and a home.',
    brand: 'Hearth',
    weight: 0.8,
    products: [
      { name: 'Stoneware Mug', price: 16, options: 'color', ribbon: 'Bestseller' },
      { name: 'Walnut Cutting Board', price: 58, options: 'none' },
      { name: 'Cast Iron Skillet', price: 45, options: 'none' },
      { name: 'Linen Tea Towels', price: 24, options: 'color' },
      { name: 'Pour-Over Coffee Set', price: 64, options: 'none', ribbon: 'New' },
      {
        name: 'Glass Storage Jars',
        price: 32,
        options: 'none',
        unit: [4, 'UNSPECIFIED', 1, 'UNSPECIFIED'],
      },
      { name: 'Ceramic Planter', price: 28, options: 'color' },
      {
        name: 'Wool Throw Blanket',
        price: 95,
        options: 'color',
        discount: { type: 'AMOUNT', value: 20 },
        ribbon: 'Sale',
      },
      { name: 'Beeswax Candle', price: 19, options: 'none' },
      { name: 'Chef Knife', price: 110, options: 'none' },
    ],
  },
  {
    name: 'Outdoor',
    description: 'Gear for weekends outside.',
    brand: 'Ridgeline',
    weight: 1.2,
    products: [
      { name: 'Daypack', price: 89, options: 'capacity', ribbon: 'Bestseller' },
      { name: 'Two-Person Tent', price: 329, options: 'none' },
      { name: 'Insulated Bottle', price: 34, options: 'capacity' },
      { name: 'Camp Stove', price: 74, options: 'none' },
      {
        name: 'Down Sleeping Bag',
        price: 259,
        options: 'none',
        discount: { type: 'PERCENT', value: 10 },
        ribbon: 'Sale',
      },
      { name: 'Trekking Poles', price: 99, options: 'none' },
      { name: 'Headlamp', price: 39, options: 'none', ribbon: 'New' },
      { name: 'Packable Rain Shell', price: 149, options: 'apparel' },
      { name: 'Camp Chair', price: 59, options: 'color' },
      { name: 'Trail Coffee 500 g', price: 17, options: 'none', unit: [500, 'G', 100, 'G'] },
    ],
  },
  {
    name: 'Stationery',
    description: 'Paper goods and writing tools.',
    brand: 'Folio',
    weight: 0.25,
    products: [
      { name: 'A5 Notebook', price: 14, options: 'paper', ribbon: 'Bestseller' },
      { name: 'Weekly Planner', price: 26, options: 'paper' },
      { name: 'Fountain Pen', price: 48, options: 'color' },
      {
        name: 'Gel Pen Set',
        price: 12,
        options: 'none',
        unit: [5, 'UNSPECIFIED', 1, 'UNSPECIFIED'],
      },
      { name: 'Sketchbook', price: 19, options: 'paper' },
      { name: 'Brass Ruler', price: 22, options: 'none' },
      { name: 'Desk Organizer', price: 36, options: 'color', ribbon: 'New' },
      { name: 'Washi Tape Trio', price: 9, options: 'none' },
      {
        name: 'Letterpress Cards',
        price: 18,
        options: 'none',
        discount: { type: 'AMOUNT', value: 3 },
        ribbon: 'Sale',
      },
      { name: 'Leather Pencil Case', price: 42, options: 'color' },
    ],
  },
  {
    name: 'Digital',
    description: 'Downloads and gift cards, delivered by email.',
    brand: 'Vitrine Studio',
    digital: true,
    weight: 0,
    products: [
      { name: 'Gift Card', price: 50, options: 'none', ribbon: 'Bestseller' },
      { name: 'Sourdough Guide eBook', price: 12, options: 'none' },
      { name: 'Trail Maps Bundle', price: 19, options: 'none', ribbon: 'New' },
      {
        name: 'Watercolor Course',
        price: 79,
        options: 'none',
        discount: { type: 'PERCENT', value: 25 },
        ribbon: 'Sale',
      },
      { name: 'Desktop Wallpapers', price: 5, options: 'none' },
      { name: 'Home Workout Plan', price: 29, options: 'none' },
      { name: 'Knitting Patterns', price: 15, options: 'none' },
      { name: 'Stock Photo Pack', price: 39, options: 'none' },
      { name: 'Budget Spreadsheet', price: 9, options: 'none' },
      { name: 'Ambient Music Album', price: 10, options: 'none' },
    ],
  },
];

function optionsFor(kind: OptionKind, slug: string, index: number): OptionRecord[] {
  const drop = (name: string, values: string[]): OptionRecord => ({
    name,
    optionType: 'drop_down',
    choices: values.map((v) => ({ value: v, description: v, mediaIds: [] })),
  });
  const color = (names: string[]): OptionRecord => ({
    name: 'Color',
    optionType: 'color',
    choices: names.map((n): ChoiceRecord => ({
      value: COLORS[n] ?? '#8c959f',
      description: n,
      mediaIds: [drawnMediaId(`${slug}--c-${(COLORS[n] ?? '#8c959f').slice(1)}`)],
    })),
  });
  const palette = Object.keys(COLORS);
  const pick = (n: number) => palette.slice(index % 4, (index % 4) + n);
  switch (kind) {
    case 'apparel':
      return [drop('Size', ['S', 'M', 'L', 'XL']), color(pick(2))];
    case 'shoes':
      return [drop('Size', ['38', '39', '40', '41', '42', '43', '44'])];
    case 'color':
      return [color(pick(3))];
    case 'capacity':
      return [
        drop(
          'Capacity',
          slug === 'daypack' ? ['18 L', '24 L', '30 L'] : ['0.5 L', '0.75 L', '1 L'],
        ),
      ];
    case 'paper':
      return [drop('Paper', ['Lined', 'Dotted', 'Blank'])];
    case 'none':
      return [];
  }
}

function cartesian(options: OptionRecord[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const option of options) {
    out = out.flatMap((partial) =>
      option.choices.map((c) => ({ ...partial, [option.name]: c.description })),
    );
  }
  return out;
}

/** The media of a seeded product: its picture, then each choice's. */
function seedMedia(name: string, slug: string, productOptions: OptionRecord[]): MediaRecord[] {
  const media = [image(slug, name)];
  for (const option of productOptions) {
    for (const choice of option.choices) {
      for (const mediaId of choice.mediaIds)
        media.push(drawnMedia(mediaId, `${name} – ${choice.description}`));
    }
  }
  return media;
}

/** What a seeded product's variants are made from. */
interface VariantPlan {
  spec: CollectionSpec;
  product: ProductSpec;
  productOptions: OptionRecord[];
  serial: number;
  skuBase: string;
}

/** A seeded product's variants: one per combination of choices, with varied stock. */
function seedVariants(random: () => number, plan: VariantPlan): VariantRecord[] {
  const { spec, product, productOptions, serial, skuBase } = plan;
  // Stock patterns, chosen by position so they are the same on every start.
  const soldOut = serial === 17 || serial === 44;
  const lowStock = serial % 9 === 0;
  return cartesian(productOptions).map((choices, vi) => {
    const tracked = !spec.digital;
    const gap = tracked && productOptions.length > 0 && (serial + vi) % 7 === 0;
    const quantity = soldOut || gap ? 0 : lowStock ? 3 : 20 + Math.floor(random() * 80);
    const upcharge = choices.Size === 'XL' || choices.Capacity === '1 L' ? 4 : undefined;
    return {
      id: makeId(random),
      choices,
      ...(upcharge ? { price: product.price + upcharge } : {}),
      sku: productOptions.length > 0 ? `${skuBase}-${vi + 1}` : skuBase,
      visible: true,
      trackQuantity: tracked,
      quantity: tracked ? quantity : 0,
      inStock: true,
    };
  });
}

/** The `serial`th seeded product, the `index`th of its collection. */
function seedProduct(
  random: () => number,
  spec: CollectionSpec,
  p: ProductSpec,
  place: { index: number; serial: number; collectionId: string },
): ProductRecord {
  const { index, serial, collectionId } = place;
  // The draws from `random` come in this order on every start: the id, the variants, the cost
  // and the weight.
  const id = makeId(random);
  const slug = slugify(p.name);
  const productOptions = optionsFor(p.options, slug, index);
  const media = seedMedia(p.name, slug, productOptions);
  const skuBase = `${spec.name.slice(0, 3).toUpperCase()}-${String(serial).padStart(3, '0')}`;
  const variants = seedVariants(random, { spec, product: p, productOptions, serial, skuBase });
  const cost = Math.round(p.price * (0.35 + random() * 0.2) * 100) / 100;
  const product: ProductRecord = {
    id,
    numericId: String(1000 + serial),
    name: p.name,
    slug,
    description: `${p.name} by ${spec.brand}. ${spec.description}`,
    productType: spec.digital ? 'digital' : 'physical',
    visible: true,
    sku: skuBase,
    weight: spec.digital ? 0 : Math.round(spec.weight * (0.6 + random() * 0.8) * 100) / 100,
    brand: spec.brand,
    ribbon: p.ribbon ?? '',
    price: p.price,
    cost,
    discount: p.discount ?? { type: 'NONE', value: 0 },
    productOptions,
    manageVariants: productOptions.length > 0,
    variants,
    media,
    collectionIds: [collectionId],
    additionalInfoSections: [
      { title: 'Details', description: `Made for everyday use. SKU ${skuBase}.` },
      {
        title: spec.digital ? 'Delivery' : 'Shipping',
        description: spec.digital
          ? 'Sent by email right after purchase.'
          : 'Ships in 2 business days.',
      },
    ],
    customTextFields:
      p.name === 'Gift Card' ? [{ title: 'Message', maxLength: 200, mandatory: false }] : [],
    createdDate: SEED_DATE,
    lastUpdated: SEED_DATE,
  };
  if (p.unit) {
    const [totalQuantity, totalMeasurementUnit, baseQuantity, baseMeasurementUnit] = p.unit;
    product.pricePerUnitData = {
      totalQuantity,
      totalMeasurementUnit,
      baseQuantity,
      baseMeasurementUnit,
    };
  }
  return product;
}

/** Builds the default seeded catalog. Same output on every call. */
export function defaultSeed(): SeedCatalog {
  const random = prng(20240115);
  const collections: CollectionRecord[] = [];
  const products: ProductRecord[] = [];
  let serial = 0;
  for (const spec of CATALOG) {
    const collectionId = makeId(random);
    const collectionSlug = slugify(spec.name);
    collections.push({
      id: collectionId,
      name: spec.name,
      slug: collectionSlug,
      description: spec.description,
      visible: true,
      media: image(`collection-${collectionSlug}`, spec.name),
      createdDate: SEED_DATE,
    });
    spec.products.forEach((p, index) => {
      serial += 1;
      products.push(seedProduct(random, spec, p, { index, serial, collectionId }));
    });
  }
  return { collections, products };
}

/** Coupon codes every emulator accepts. */
export const SEEDED_COUPONS = {
  WELCOME10: {
    id: 'coupon-welcome10',
    name: '10% off your order',
    kind: 'PERCENT',
    value: 10,
    minimumCents: 0,
  },
  SAVE5: {
    id: 'coupon-save5',
    name: '$5 off orders over $25',
    kind: 'AMOUNT',
    value: 5,
    minimumCents: 2500,
  },
  FREESHIP: {
    id: 'coupon-freeship',
    name: 'Free shipping',
    kind: 'FREE_SHIPPING',
    value: 0,
    minimumCents: 0,
  },
} as const;

/** A seeded coupon code. */
export type CouponCode = keyof typeof SEEDED_COUPONS;
