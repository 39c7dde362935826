/**
 * A page of products read at a cursor from an address (`?after=`, a collection's `after/…`): an
 * address anyone may type, so a cursor the store refuses (made up, of the other catalog, too
 * long) is a page that is not there, not a server error.
 */
import { notFound } from 'next/navigation';
import { isStoreApiError, isStoreArgumentError } from '@vitrine/sdk';

/** What `read` answers; the not-found page when the store refuses its cursor. */
export async function pageAt<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isStoreArgumentError(error) || (isStoreApiError(error) && error.status === 400)) notFound();
    throw error;
  }
}
