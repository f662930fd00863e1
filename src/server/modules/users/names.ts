/** "Ada Lovelace King" → first "Ada", last "Lovelace King"; a single word is a first name. */
export const splitFullName = (
  fullName: string,
): { firstName: string | null; lastName: string | null } => {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: null, lastName: null };
  const [first, ...rest] = parts;
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(' ') : null };
};

/**
 * docs/product/accounts.md rule 5: "firstName lastName" when both are set, otherwise firstName,
 * otherwise email, otherwise "User".
 */
export const displayNameOf = (u: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}) => {
  if (u.firstName && u.lastName) return `${u.firstName} ${u.lastName}`;
  return u.firstName || u.email || 'User';
};
