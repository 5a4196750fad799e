/** Where the admin's token and email live in the browser (spec section 3). */
export const ADMIN_TOKEN_KEY = 'norrsken_admin_token';
export const ADMIN_EMAIL_KEY = 'norrsken_admin_email';

export function clearAdminSession(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_EMAIL_KEY);
}

/** Logga ut: ends the token on the server too (a copied token stops working), then forgets it. */
export function logout(): void {
  const token = localStorage.getItem(ADMIN_TOKEN_KEY);
  if (token) void fetch('/api/admin/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  clearAdminSession();
}
