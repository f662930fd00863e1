/** Spec 01 §2 / 02 §2.8: what a product description should cover, shown under the field. */
export const DESCRIPTION_GUIDE = "price, what it does, who it's for";
