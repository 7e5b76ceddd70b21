import { expect, type APIResponse, type Page } from '@playwright/test';
import { adminCredentials, apiPost } from './helpers';

export type Kind = 'product' | 'service';

export interface ApiItem {
  id: string;
  kind: Kind;
  name: string;
  slug: string;
  price: string;
  description: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  inStock: boolean;
  featured: boolean;
  createdAt: string;
}

export interface ApiPage {
  items: ApiItem[];
  total: number;
  page: number;
  pageSize: number;
}

const collection = (kind: Kind) => (kind === 'product' ? '/api/products' : '/api/services');

/** The paged list exactly as the store page asks for it (12 per page, sorted by Featured unless told). */
export async function fetchPage(page: Page, kind: Kind, query: Record<string, string | number> = {}): Promise<ApiPage> {
  const params = new URLSearchParams({ sort: 'featured', page: '1', pageSize: '12' });
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const res = await page.request.get(`${collection(kind)}?${params}`);
  expect(res.ok(), `GET ${collection(kind)}?${params}: ${res.status()}`).toBe(true);
  return (await res.json()) as ApiPage;
}

/** Every item of a kind (the plain list, without query parameters). */
export async function fetchAll(page: Page, kind: Kind): Promise<ApiItem[]> {
  const res = await page.request.get(collection(kind));
  expect(res.ok(), `GET ${collection(kind)}: ${res.status()}`).toBe(true);
  return (await res.json()) as ApiItem[];
}

/** The cards of the store's results list. */
export const storeCards = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('list', { name: /^(Products|Services)$/ })
    .getByRole('article');

export const cardNames = (page: Page) => storeCards(page).locator('h3').allTextContents();

export const cardPrices = async (page: Page) =>
  (await storeCards(page).getByTestId('item-price').allTextContents()).map((text) => Number(text.replace('$', '')));

export const cardCategories = (page: Page) => storeCards(page).getByTestId('item-category').allTextContents();

/** A card by the item's exact name. */
export const cardNamed = (page: Page, name: string) => storeCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
export const toCents = (price: string) => Math.round(Number(price) * 100);

/** Signs the page's context in as the admin; navigate afterwards so the app picks the session up. */
export async function signInAsAdmin(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  const res = await apiPost(page, '/api/auth/login', adminCredentials);
  expect(res.ok(), `admin login: ${res.status()} ${await res.text()}`).toBe(true);
}

/** DELETE through the page's cookies, with the Origin the gateway expects on unsafe methods. */
export async function apiDelete(page: Page, path: string): Promise<APIResponse> {
  return page.request.delete(path, { headers: { Origin: new URL(page.url()).origin } });
}

/** A 1×1 PNG, generated here so no binary file lives in the repository. */
export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
