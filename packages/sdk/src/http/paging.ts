/** Default page size of every query (spec §9). */
export const DEFAULT_PAGE_LIMIT = 50;
/** Default offset of every query (spec §9). */
export const DEFAULT_PAGE_OFFSET = 0;

/** Offset paging, as the platform takes it. */
export interface Paging {
  /** @default 50 */
  limit?: number;
  /** @default 0 */
  offset?: number;
}

/** `paging` with the defaults of spec §9 filled in. */
export function withDefaultPaging(paging: Paging | undefined): Required<Paging> {
  return {
    limit: paging?.limit ?? DEFAULT_PAGE_LIMIT,
    offset: paging?.offset ?? DEFAULT_PAGE_OFFSET,
  };
}
