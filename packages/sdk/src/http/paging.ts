/** Default page size of every query. */
export const DEFAULT_PAGE_LIMIT = 50;
/** Default offset of every query. */
export const DEFAULT_PAGE_OFFSET = 0;

/** Offset paging, as the platform takes it. */
export interface Paging {
  /** @default 50 */
  limit?: number;
  /** @default 0 */
  offset?: number;
}

/** `paging` with the defaults filled in (50 items from offset 0). */
export function withDefaultPaging(paging: Paging | undefined): Required<Paging> {
  return {
    limit: paging?.limit ?? DEFAULT_PAGE_LIMIT,
    offset: paging?.offset ?? DEFAULT_PAGE_OFFSET,
  };
}
