import type { Db } from '../../db/types';
import { notFound } from '../../errors';
import { findProduct } from './products-repo';

/** Someone else's product answers as an unknown one, so ids of other users' products leak nothing. */
export const productNotFound = () => notFound('Product not found');

/** The user's own product, or 404: every route and AI action that takes a product id asks here. */
export const requireOwnProduct = async (db: Db, userId: string, id: string) => {
  const row = await findProduct(db, userId, id);
  if (!row) throw productNotFound();
  return row;
};
